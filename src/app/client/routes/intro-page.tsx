import { Check, Clock, GraduationCap, Users } from 'lucide-react';
import { DEFAULT_PRICE_DOLLARS, formatPrice } from '../../../common/money';
import { routeMetaFor, WORKSHOP_TITLE } from '../../../common/route-meta';
import { featuredDate, useWorkshopDates } from '../../../features/workshops/ui/api/get-workshop-dates';
import { PromoBadge } from '../../../features/workshops/ui/components/promo-badge';
import { SeatsLeftBadge } from '../../../features/workshops/ui/components/seats-left-badge';
import { learningOutcomes, WORKSHOP_DURATION, WORKSHOP_FORMAT } from '../../../features/workshops/ui/workshop-copy';
import { DeferredPart } from '../../../client/components/deferred-part';
import { buttonClasses } from '../../../client/components/ui/button';
import { Skeleton } from '../../../client/components/ui/skeleton';
import { Spinner } from '../../../client/components/ui/spinner';
import { afterNextPaint } from '../../../client/lib/after-next-paint';
import { lazyWhen } from '../../../client/lib/lazy-when';
import { useRouteMeta } from '../../../client/lib/use-route-meta';
import { ScrollToHashOnArrival } from '../../../client/lib/use-scroll-to-hash-on-arrival';

// The booking form brings zod, react-hook-form and their kin (about 80 KB): the browser asks for it
// once the page has painted, so the description (Lighthouse's LCP on /intro) does not wait for it.
// The server renders it with the page, dates and all; the browser hydrates it once it is in.
const BookingSection = lazyWhen(afterNextPaint, () => import('../../../features/booking/ui/components/booking-section').then((module) => ({ default: module.BookingSection })));

const bookingPlaceholder = (
  <section id="booking" aria-label="Booking" className="border-b-2 border-ink">
    <Spinner label="Loading the booking form…" className="min-h-dvh items-start pt-24" />
  </section>
);

/**
 * The price of the featured date, as the seats badge counts its seats. Its own component, so that
 * the dates read again on arrival renders this and not the page, whose booking section may still
 * be hydrating from the server's HTML.
 */
function IntroPrice() {
  const { data, isPending } = useWorkshopDates();
  if (isPending) return <Skeleton className="mt-2 h-10 w-28 bg-paper" />;
  return <p className="text-4xl font-black">{formatPrice(featuredDate(data)?.price ?? DEFAULT_PRICE_DOLLARS)}</p>;
}

/** /intro: what the workshop is, then the same booking section as the landing page. */
export default function IntroPage() {
  useRouteMeta(routeMetaFor('/intro'));

  const facts = [
    { icon: Clock, text: WORKSHOP_DURATION },
    { icon: Users, text: WORKSHOP_FORMAT },
    { icon: GraduationCap, text: 'Level: Beginner' },
  ];

  return (
    <>
      <ScrollToHashOnArrival />
      <section aria-labelledby="intro-heading" className="border-b-2 border-ink">
        <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6 md:py-20">
          <SeatsLeftBadge />
          <h1 id="intro-heading" className="mt-5 text-4xl font-black tracking-tight text-balance sm:text-5xl">
            {WORKSHOP_TITLE}
          </h1>
          <ul className="mt-6 flex flex-wrap gap-3">
            {facts.map(({ icon: Icon, text }) => (
              <li key={text} className="inline-flex items-center gap-2 rounded-brutal border-2 border-ink bg-white px-3 py-1.5 font-semibold">
                <Icon aria-hidden="true" className="size-4" />
                {text}
              </li>
            ))}
          </ul>
          <p className="mt-8 text-lg text-pretty text-ink-soft">
            In two focused hours you go from an idea to a working prototype, using AI-powered no-code tools. You learn how
            to map a concept, pick the right tool, build fast, and test with real people — no technical background
            needed. Two one-on-one follow-up calls help you keep going afterwards.
          </p>

          <h2 className="mt-12 text-2xl font-black">What you'll learn</h2>
          <ol className="mt-5 grid gap-3">
            {learningOutcomes.map((outcome) => (
              <li key={outcome} className="flex gap-3 rounded-brutal border-2 border-ink bg-white p-4 shadow-brutal-sm">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0" strokeWidth={3} />
                <span>{outcome}</span>
              </li>
            ))}
          </ol>

          <div className="mt-12 flex flex-col gap-6 rounded-brutal border-2 border-ink bg-secondary-soft p-6 shadow-brutal sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="text-sm font-extrabold uppercase tracking-label">Price</p>
              <IntroPrice />
              <PromoBadge className="mt-3" />
            </div>
            <a href="#booking" className={buttonClasses('primary', 'lg')}>
              SIGN UP HERE
            </a>
          </div>
        </div>
      </section>
      {/* The placeholder holds the anchor, so '#booking' has somewhere to jump while the form loads. */}
      <DeferredPart fallback={bookingPlaceholder}>
        <BookingSection />
      </DeferredPart>
    </>
  );
}
