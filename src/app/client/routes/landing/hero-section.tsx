import { Sparkles } from 'lucide-react';
import { buttonClasses } from '../../../../client/components/ui/button';
import { Badge } from '../../../../client/components/ui/badge';

/** Decorative: a browser window being assembled from blocks. Inline SVG so the largest paint stays the heading. */
function HeroIllustration() {
  return (
    <svg aria-hidden="true" viewBox="0 0 420 340" className="h-auto w-full max-w-md stroke-ink" fill="none" strokeWidth="3">
      <rect className="fill-ink" x="30" y="34" width="360" height="270" rx="8" stroke="none" />
      <rect className="fill-white" x="20" y="24" width="360" height="270" rx="8" />
      <path d="M20 62h360" />
      <circle className="fill-accent" cx="44" cy="43" r="6" />
      <circle className="fill-secondary" cx="64" cy="43" r="6" />
      <circle className="fill-paper-deep" cx="84" cy="43" r="6" />
      <rect className="fill-ink" x="44" y="84" width="150" height="18" rx="4" stroke="none" />
      <rect className="fill-paper-deep" x="44" y="112" width="110" height="10" rx="3" stroke="none" />
      <rect className="fill-paper-deep" x="44" y="130" width="130" height="10" rx="3" stroke="none" />
      <rect className="fill-accent" x="44" y="156" width="92" height="30" rx="5" />
      <rect className="fill-secondary-soft" x="214" y="84" width="142" height="102" rx="6" />
      <path d="M232 166l30-38 22 26 16-16 38 28" />
      <circle className="fill-accent" cx="322" cy="112" r="10" />
      <rect className="fill-paper" x="44" y="208" width="96" height="64" rx="6" />
      <rect className="fill-secondary" x="152" y="208" width="96" height="64" rx="6" />
      <rect className="fill-paper" x="260" y="208" width="96" height="64" rx="6" strokeDasharray="7 6" />
      <path d="M300 240h16M308 232v16" />
      <g>
        <path className="fill-white" d="M330 250l34 82 12-34 34-12z" strokeLinejoin="round" />
      </g>
      <rect className="fill-accent" x="266" y="8" width="132" height="38" rx="6" transform="rotate(5 332 27)" />
      <text className="fill-ink" x="332" y="33" textAnchor="middle" transform="rotate(5 332 27)" stroke="none" fontSize="15" fontWeight="900" letterSpacing="1.5">
        NO CODE
      </text>
    </svg>
  );
}

/** Landing section 1. */
export function HeroSection() {
  return (
    <section id="hero" aria-labelledby="hero-heading" className="border-b-2 border-ink">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 md:grid-cols-[1.2fr_1fr] md:pt-20 md:pb-24">
        <div>
          <Badge tone="secondary">
            <Sparkles aria-hidden="true" className="size-3.5" />
            No coding experience needed
          </Badge>
          <h1 id="hero-heading" className="mt-6 text-4xl leading-[1.05] font-black tracking-tight text-balance sm:text-6xl">
            Turn your idea into a working prototype in two hours.
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-ink-soft">
            A live online workshop on vibe coding: building real software with no-code and AI tools. For product managers,
            designers, founders and teams with more ideas than developers.
          </p>
          <div className="mt-8 flex flex-col gap-4 sm:flex-row">
            <a href="#workshops" className={buttonClasses('secondary', 'lg')}>
              EXPLORE WORKSHOPS
            </a>
            <a href="#booking" className={buttonClasses('primary', 'lg')}>
              BOOK NOW
            </a>
          </div>
        </div>
        <div className="flex justify-center md:justify-end">
          <HeroIllustration />
        </div>
      </div>
    </section>
  );
}
