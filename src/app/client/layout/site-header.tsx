import { Menu, X } from 'lucide-react';
import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { cx } from '../../../client/components/ui/cx';
import { useBrandName } from '../../../client/lib/brand-name';
import { brandInitial } from '../../../common/brand';

type NavItem = { label: string; section: string } | { label: string; href: string };

const navItems: NavItem[] = [
  { label: 'ABOUT', section: 'about' },
  { label: 'WORKSHOPS', section: 'workshops' },
  { label: 'INSTRUCTOR', section: 'instructor' },
  { label: 'BLOG', href: '/blog' },
  { label: 'CONTACT', section: 'contact' },
  { label: 'MY BOOKINGS', href: '/participant' },
];

const linkClasses =
  'inline-flex min-h-11 items-center rounded-brutal border-2 border-transparent whitespace-nowrap px-3 text-sm font-extrabold tracking-label hover:border-ink hover:bg-white';

function NavLinks({ onChoose, className, itemClassName }: { onChoose: () => void; className: string; itemClassName?: string }) {
  const [location, navigate] = useLocation();

  // On the landing page a section link is a plain in-page jump; elsewhere it routes to '/#section'
  // without a reload and the landing page scrolls once it has rendered.
  const goToSection = (event: MouseEvent<HTMLAnchorElement>, section: string) => {
    onChoose();
    if (location !== '/') {
      event.preventDefault();
      navigate(`/#${section}`);
    }
  };

  return (
    <ul className={className}>
      {navItems.map((item) => (
        <li key={item.label} className={itemClassName}>
          {'section' in item ? (
            <a href={`/#${item.section}`} onClick={(event) => goToSection(event, item.section)} className={linkClasses}>
              {item.label}
            </a>
          ) : (
            <Link
              href={item.href}
              onClick={onChoose}
              aria-current={location === item.href ? 'page' : undefined}
              className={cx(linkClasses, 'aria-[current=page]:border-ink aria-[current=page]:bg-secondary')}
            >
              {item.label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The logo on the landing page scrolls back to the top (smoothly, unless the visitor prefers
 * reduced motion) and drops any '#section' from the address; elsewhere the link routes to '/',
 * which the app opens at the top.
 */
function scrollLandingToTop() {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  window.scrollTo({ top: 0, behavior: reduced ? 'instant' : 'smooth' });
}

export function SiteHeader() {
  const brandName = useBrandName();
  const [menuOpen, setMenuOpen] = useState(false);
  const [location] = useLocation();
  const close = () => setMenuOpen(false);
  const onLogoClick = (event: MouseEvent<HTMLAnchorElement>) => {
    close();
    if (location !== '/') return;
    // Modified clicks (new tab, new window) keep the browser's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    scrollLandingToTop();
  };

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b-2 border-ink bg-paper">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        {/* Named as a whole: a hidden ', home' inside would be read with a space before its comma. */}
        <Link href="/" onClick={onLogoClick} aria-label={`${brandName}, home`} className="flex min-h-11 min-w-0 items-center gap-2.5 rounded-brutal font-black">
          <span
            aria-hidden="true"
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-brutal border-2 border-ink bg-accent text-lg shadow-brutal-sm"
          >
            {brandInitial(brandName)}
          </span>
          {/* A long name (up to 60 characters) is cut with an ellipsis rather than pushing the menu off a phone. */}
          <span className="truncate text-lg leading-tight tracking-tight">
            {brandName}
          </span>
        </Link>

        <nav aria-label="Main" className="hidden shrink-0 lg:block">
          <NavLinks onChoose={close} className="flex items-center gap-1" />
        </nav>

        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-brutal border-2 border-ink bg-white shadow-brutal-sm active:translate-0.5 active:shadow-none lg:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </div>

      <nav id="mobile-menu" aria-label="Main" hidden={!menuOpen} className="border-t-2 border-ink bg-paper lg:hidden">
        <NavLinks onChoose={close} className="mx-auto grid max-w-6xl gap-1 px-4 py-3 sm:px-6" itemClassName="grid" />
      </nav>
    </header>
  );
}
