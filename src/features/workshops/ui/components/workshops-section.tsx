import { Check, Clock, Video } from 'lucide-react';
import { DEFAULT_PRICE_DOLLARS, formatPrice } from '../../../../common/money';
import { WORKSHOP_FALLBACK_TITLE } from '../../../../common/route-meta';
import { Badge } from '../../../../client/components/ui/badge';
import { buttonClasses } from '../../../../client/components/ui/button';
import { Skeleton } from '../../../../client/components/ui/skeleton';
import { expertiseLabels } from '../../workshops.schema';
import { featuredDate, useWorkshopDates } from '../api/get-workshop-dates';
import { expertiseSentence, learningOutcomes, WORKSHOP_FORMAT } from '../workshop-copy';
import { PromoBadge } from './promo-badge';
import { SeatsLeftBadge } from './seats-left-badge';

/**
 * Landing section 3: the featured workshop — the date the admin marked Featured, else the first
 * of the list — with its own seats left and the sentence for its level.
 */
export function WorkshopsSection() {
  const { data, isPending } = useWorkshopDates();
  const featured = featuredDate(data);
  const level = featured?.expertiseLevel ?? 'beginner';
  const title = (featured?.title || WORKSHOP_FALLBACK_TITLE).toUpperCase();
  const price = featured?.price ?? DEFAULT_PRICE_DOLLARS;

  return (
    <section id="workshops" aria-labelledby="workshops-heading" className="border-b-2 border-ink bg-paper-deep">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
        <p className="text-sm font-extrabold uppercase tracking-label">Workshops</p>
        <h2 id="workshops-heading" className="mt-2 text-3xl font-black tracking-tight text-balance sm:text-4xl">
          One session. One working prototype.
        </h2>

        <article
          className="mt-10 grid overflow-hidden rounded-brutal border-2 border-ink bg-paper shadow-brutal-lg md:grid-cols-[1fr_18rem]"
        >
          <div className="p-6 sm:p-8">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="secondary">{expertiseLabels[level]}</Badge>
              <SeatsLeftBadge date={featured} />
            </div>
            {/* The heading stays while the title loads, so the headings below it keep their level. */}
            <h3 className="mt-4 text-2xl font-black tracking-wide sm:text-3xl">
              {isPending ? (
                <>
                  <span className="sr-only">Loading the workshop</span>
                  <Skeleton as="span" className="block h-9 w-4/5" />
                </>
              ) : (
                title
              )}
            </h3>
            <p className="mt-3 text-ink-soft">{expertiseSentence(level)}</p>
            <ul className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
              <li className="flex items-center gap-2">
                <Clock aria-hidden="true" className="size-4" />
                {WORKSHOP_FORMAT}
              </li>
              <li className="flex items-center gap-2">
                <Video aria-hidden="true" className="size-4" />
                Live online, two 1:1 follow-up calls
              </li>
            </ul>
            <h4 className="mt-8 text-sm font-extrabold uppercase tracking-label">What you'll learn</h4>
            <ul className="mt-3 grid gap-2.5">
              {learningOutcomes.map((outcome) => (
                <li key={outcome} className="flex gap-3">
                  <Check aria-hidden="true" className="mt-1 size-4 shrink-0" strokeWidth={3} />
                  <span>{outcome}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col items-start justify-between gap-6 border-t-2 border-ink bg-secondary-soft p-6 sm:p-8 md:border-t-0 md:border-l-2">
            <div>
              <p className="text-sm font-extrabold uppercase tracking-label">Price</p>
              {isPending ? (
                <Skeleton className="mt-2 h-12 w-32 bg-paper" />
              ) : (
                <p className="mt-1 text-5xl font-black">{formatPrice(price)}</p>
              )}
              <p className="mt-1 text-sm text-ink-soft">per person, follow-up calls included</p>
              <PromoBadge className="mt-5" />
            </div>
            <a href="#booking" className={buttonClasses('ink', 'md', 'w-full')}>
              Reserve a seat
            </a>
          </div>
        </article>
      </div>
    </section>
  );
}
