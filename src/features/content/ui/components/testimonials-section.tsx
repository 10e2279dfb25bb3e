import { Quote } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { DecorativeImage } from '../../../../client/components/ui/decorative-image';
import { cx } from '../../../../client/components/ui/cx';
import { initials } from '../../../../client/lib/initials';
import { useHydrated } from '../../../../client/lib/use-hydrated';
import { useMediaQuery } from '../../../../client/lib/use-media-query';
import type { Testimonial } from '../../content.schema';
import { useTestimonials } from '../api/get-testimonials';

const AUTO_ADVANCE_MS = 15_000;

/** Cards on a page: two rows of 1, 2 or 3 by the width (below md, from md, from lg). */
const PAGE_SIZE = { narrow: 2, medium: 4, wide: 6 } as const;

/**
 * The cards on a page at this width, or undefined while the width is unknown: in the server's
 * HTML and in the render that hydrates it, which show the first page for every width at once
 * (shownFrom), so nothing moves when the width becomes known.
 */
function usePageSize(): number | undefined {
  const hydrated = useHydrated();
  const wide = useMediaQuery('(min-width: 1024px)');
  const medium = useMediaQuery('(min-width: 768px)');
  if (!hydrated) return undefined;
  return wide ? PAGE_SIZE.wide : medium ? PAGE_SIZE.medium : PAGE_SIZE.narrow;
}

/** How a card is shown: always, or only from a width on, or only below it (Tailwind's display classes). */
type CardDisplay = 'flex' | 'hidden md:flex' | 'hidden lg:flex' | 'flex md:hidden' | 'flex lg:hidden';

function TestimonialCard({ testimonial, display = 'flex' }: { testimonial: Testimonial; display?: CardDisplay }) {
  const affiliation = [testimonial.role, testimonial.organization].filter(Boolean).join(', ');
  return (
    <li className={cx(display, 'h-full flex-col rounded-brutal border-2 border-ink bg-white p-6 shadow-brutal')}>
      <Quote aria-hidden="true" className="size-7 fill-secondary" />
      <blockquote className="mt-3 flex-1 text-pretty">{testimonial.text}</blockquote>
      <div className="mt-6 flex items-center gap-3">
        {testimonial.profileImageUrl ? (
          <DecorativeImage src={testimonial.profileImageUrl} width={48} height={48} className="size-12 shrink-0 rounded-full border-2 border-ink object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-12 shrink-0 items-center justify-center rounded-full border-2 border-ink bg-secondary font-black"
          >
            {initials(testimonial.name)}
          </span>
        )}
        <div>
          <p className="font-extrabold">{testimonial.name}</p>
          {affiliation && <p className="text-sm text-ink-soft">{affiliation}</p>}
        </div>
      </div>
    </li>
  );
}

/**
 * While the width is unknown the list holds the first six cards, each shown from the width whose
 * first page holds it; once it is known, the cards of the page. The first page's cards keep their
 * elements across the change (the same list, the same keys), so nothing moves or is drawn again.
 */
const shownFrom = (index: number): CardDisplay => (index < PAGE_SIZE.narrow ? 'flex' : index < PAGE_SIZE.medium ? 'hidden md:flex' : 'hidden lg:flex');

/** Without scripts the carousel cannot turn: the cards its first page does not show at a width follow below it. */
const listedBelow = (index: number): CardDisplay => (index < PAGE_SIZE.medium ? 'flex md:hidden' : index < PAGE_SIZE.wide ? 'flex lg:hidden' : 'flex');

function ListedWithoutScripts({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <noscript>
      <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.slice(PAGE_SIZE.narrow).map((testimonial, offset) => (
          <TestimonialCard key={testimonial.id} testimonial={testimonial} display={listedBelow(offset + PAGE_SIZE.narrow)} />
        ))}
      </ul>
    </noscript>
  );
}

/** Which of `count` page dots a width shows: all at every width, or only below md or lg. */
function dotDisplay(index: number, count: number): string | undefined {
  if (index < Math.ceil(count / PAGE_SIZE.wide)) return undefined;
  return index < Math.ceil(count / PAGE_SIZE.medium) ? 'lg:hidden' : 'md:hidden';
}

function PageDots({ count, pageCount, page, widthKnown, onChoose }: {
  count: number;
  pageCount: number;
  page: number;
  widthKnown: boolean;
  onChoose: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  // While the width is unknown, each width sees as many dots as it has pages (none where one page holds all).
  const hiddenFrom = widthKnown ? undefined : dotDisplay(1, count);
  return (
    <div className={cx('mt-8 flex justify-center gap-1', hiddenFrom)}>
      {Array.from({ length: pageCount }, (_, index) => (
        <button
          key={index}
          type="button"
          aria-label={`Go to page ${index + 1}`}
          aria-current={index === page ? 'true' : undefined}
          onClick={() => onChoose(index)}
          className={cx('group inline-flex size-11 items-center justify-center rounded-full', !widthKnown && dotDisplay(index, count))}
        >
          <span
            aria-hidden="true"
            className={cx(
              'block size-3.5 rounded-full border-2 border-ink transition-[width] duration-200',
              index === page ? 'w-8 bg-ink' : 'bg-paper group-hover:bg-secondary',
            )}
          />
        </button>
      ))}
    </div>
  );
}

function Carousel({ testimonials }: { testimonials: Testimonial[] }) {
  const pageSize = usePageSize();
  const widthKnown = pageSize !== undefined;
  const pageCount = Math.ceil(testimonials.length / (pageSize ?? PAGE_SIZE.narrow));
  const [requestedPage, setPage] = useState(0);
  const [paused, setPaused] = useState(false);
  // The page count shrinks when the window widens; stay on a page that exists.
  const page = requestedPage % pageCount;

  // The carousel says when it advances by itself (data-auto-advance): the server's HTML shows the
  // first page before the app has started the timer, and a reader of the page (a test running a
  // fake clock) must know the timer runs before it counts on a page turn.
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (pageCount <= 1 || paused) return;
    const timer = setInterval(() => setPage((current) => (current + 1) % pageCount), AUTO_ADVANCE_MS);
    const element = container.current;
    element?.setAttribute('data-auto-advance', 'on');
    return () => {
      clearInterval(timer);
      element?.removeAttribute('data-auto-advance');
    };
  }, [pageCount, paused]);

  const cards = pageSize === undefined ? testimonials.slice(0, PAGE_SIZE.wide) : testimonials.slice(page * pageSize, page * pageSize + pageSize);

  return (
    // Pausing while the visitor reads or uses the keyboard here keeps the auto-advance from moving content away.
    <div
      ref={container}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {cards.map((testimonial, index) => (
          <TestimonialCard key={testimonial.id} testimonial={testimonial} display={widthKnown ? 'flex' : shownFrom(index)} />
        ))}
      </ul>
      <ListedWithoutScripts testimonials={testimonials} />
      <PageDots count={testimonials.length} pageCount={pageCount} page={page} widthKnown={widthKnown} onChoose={setPage} />
    </div>
  );
}

/** Landing section 5. Renders nothing while loading, when empty or when loading fails. */
export function TestimonialsSection() {
  const { data, error } = useTestimonials();

  useEffect(() => {
    if (error) console.warn('Could not load testimonials', error);
  }, [error]);

  if (!data || data.length === 0) return null;
  // The server sends them in order already; sorting again (stable, missing as 0) keeps the spec's rule local.
  const sorted = [...data].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className="border-b-2 border-ink bg-paper-deep">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
        <h2 id="testimonials-heading" className="text-3xl font-black tracking-tight sm:text-4xl">
          What our participants say
        </h2>
        <p className="mt-3 max-w-2xl text-ink-soft">
          Don't just take our word for it. Hear from those who've experienced our workshops.
        </p>
        <Carousel testimonials={sorted} />
      </div>
    </section>
  );
}
