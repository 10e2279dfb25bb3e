/** The first focusable element of every page: jumps past the header to <main id="main">. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-brutal focus:border-2 focus:border-ink focus:bg-accent focus:px-4 focus:py-3 focus:font-extrabold"
    >
      Skip to content
    </a>
  );
}
