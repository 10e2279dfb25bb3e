import { Link } from 'wouter';
import { SocialLinks } from '../../../client/components/ui/social-links';
import { useBrandName } from '../../../client/lib/brand-name';
import { SITE_TAGLINE } from '../../../client/lib/site-info';
import { brandInitial } from '../../../common/brand';
import { LEGAL_PAGE_META } from '../../../common/route-meta';

/** The legal pages, written by the admin in Settings → Site. */
const legalLinks = Object.entries(LEGAL_PAGE_META).map(([path, { title }]) => ({ path, title }));

export function SiteFooter() {
  const brandName = useBrandName();
  return (
    <footer data-surface="ink" className="bg-ink text-paper">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1fr_auto] md:items-start">
        <div>
          <Link href="/" className="inline-flex min-h-11 items-center gap-2.5 font-black">
            <span
              aria-hidden="true"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-brutal border-2 border-paper bg-accent text-lg text-ink"
            >
              {brandInitial(brandName)}
            </span>
            <span className="min-w-0 break-words">{brandName}</span>
          </Link>
          <p className="mt-3 max-w-sm text-sm">{SITE_TAGLINE}</p>
        </div>
        <SocialLinks linkClassName="hover:bg-paper hover:text-ink" />
      </div>
      <div className="border-t-2 border-paper/30">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm sm:px-6 md:flex-row md:items-center md:justify-between">
          {/* The year as the server saw it may differ from the visitor's around New Year: theirs is not
              worth failing the hydration of the page for. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {brandName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-2">
            {legalLinks.map(({ path, title }) => (
              <li key={path}>
                <Link href={path} className="inline-flex min-h-11 items-center px-2 underline-offset-4 hover:underline">
                  {title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
