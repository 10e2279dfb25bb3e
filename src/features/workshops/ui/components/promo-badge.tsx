import { siteContent } from '../api/get-site-content';

/** The promotional sticker, tilted like it was slapped on: the admin's text, gone once it ends. */
export function PromoBadge({ className = '' }: { className?: string }) {
  const promo = siteContent.useRead().data?.promo;
  if (!promo) return null;
  return (
    <span
      className={`inline-block -rotate-3 rounded-brutal border-2 border-ink bg-accent px-3 py-1.5 text-sm font-extrabold shadow-brutal-sm ${className}`}
    >
      {promo}
    </span>
  );
}
