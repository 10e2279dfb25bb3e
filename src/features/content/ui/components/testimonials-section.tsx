import { Quote } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DecorativeImage } from '../../../../client/components/ui/decorative-image';
import { cx } from '../../../../client/components/ui/cx';
import { initials } from '../../../../client/lib/initials';
import { useMediaQuery } from '../../../../client/lib/use-media-query';
import type { Testimonial } from '../../content.schema';
import { useTestimonials } from '../api/get-testimonials';

const AUTO_ADVANCE_MS = 15_000;

/** Two rows of 3, 2 or 1 cards by width (spec §9). */
function usePageSize(): number {
  const wide = useMediaQuery('(min-width: 1024px)');
  const medium = useMediaQuery('(min-width: 768px)');
  return 2 * (wide ? 3 : medium ? 2 : 1);
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const affiliation = [testimonial.role, testimonial.organization].filter(Boolean).join(', ');
  return (
    <li className="flex h-full flex-col rounded-brutal border-2 border-ink bg-white p-6 shadow-brutal">
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

function Carousel({ testimonials }: { testimonials: Testimonial[] }) {
  const pageSize = usePageSize();
  const pageCount = Math.ceil(testimonials.length / pageSize);
  const [requestedPage, setPage] = useState(0);
  const [paused, setPaused] = useState(false);
  // The page count shrinks when the window widens; stay on a page that exists.
  const page = requestedPage % pageCount;

  useEffect(() => {
    if (pageCount <= 1 || paused) return;
    const timer = setInterval(() => setPage((current) => (current + 1) % pageCount), AUTO_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [pageCount, paused]);

  const visible = testimonials.slice(page * pageSize, page * pageSize + pageSize);

  return (
    // Pausing while the visitor reads or uses the keyboard here keeps the auto-advance from moving content away.
    <div
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {visible.map((testimonial) => (
          <TestimonialCard key={testimonial.id} testimonial={testimonial} />
        ))}
      </ul>
      {/* Without scripts the carousel cannot turn: the server's HTML lists the others below. */}
      <noscript>
        <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {testimonials
            .filter((testimonial) => !visible.includes(testimonial))
            .map((testimonial) => (
              <TestimonialCard key={testimonial.id} testimonial={testimonial} />
            ))}
        </ul>
      </noscript>
      {pageCount > 1 && (
        <div className="mt-8 flex justify-center gap-1">
          {Array.from({ length: pageCount }, (_, index) => (
            <button
              key={index}
              type="button"
              aria-label={`Go to page ${index + 1}`}
              aria-current={index === page ? 'true' : undefined}
              onClick={() => setPage(index)}
              className="group inline-flex size-11 items-center justify-center rounded-full"
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
      )}
    </div>
  );
}

/** Landing section 5. Renders nothing while loading, when empty or when loading fails (spec §2). */
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
