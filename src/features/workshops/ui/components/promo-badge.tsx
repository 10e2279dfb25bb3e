import { PROMO_TEXT } from '../workshop-copy';

/** The promotional sticker, tilted like it was slapped on. */
export function PromoBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-block -rotate-3 rounded-brutal border-2 border-ink bg-accent px-3 py-1.5 text-sm font-extrabold shadow-brutal-sm ${className}`}
    >
      {PROMO_TEXT}
    </span>
  );
}
