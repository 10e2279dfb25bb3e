import { ExternalLink } from 'lucide-react';
import { Badge } from '../../../../client/components/ui/badge';
import { initials } from '../../../../client/lib/initials';
import { INSTRUCTOR } from '../../../../client/lib/site-info';

/** Landing section 4: the facilitator, his sites and his professional profile. */
export function InstructorSection() {
  const links = [...INSTRUCTOR.sites, INSTRUCTOR.professionalProfile];
  return (
    <section id="instructor" aria-labelledby="instructor-heading" className="border-b-2 border-ink">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-[16rem_1fr] md:py-24">
        <div aria-hidden="true" className="relative mx-auto size-56 md:size-64">
          <div className="absolute inset-0 translate-3 rounded-brutal bg-ink" />
          <div className="absolute inset-0 flex items-center justify-center rounded-brutal border-2 border-ink bg-secondary text-7xl font-black">
            {initials(INSTRUCTOR.name)}
          </div>
        </div>
        <div>
          <p className="text-sm font-extrabold uppercase tracking-label">Instructor</p>
          <h2 id="instructor-heading" className="mt-2 text-3xl font-black tracking-tight sm:text-4xl">
            {INSTRUCTOR.name}
          </h2>
          <p className="mt-1 font-semibold">{INSTRUCTOR.role}</p>
          <Badge tone="accent" className="mt-4">
            20+ years experience
          </Badge>
          <p className="mt-5 max-w-2xl text-lg text-ink-soft">
            Two decades of shipping digital products, from agency prototypes to start-up launches. These days he helps
            people who are not developers get their ideas out of slide decks and into working software — quickly, and
            with users in the loop from day one.
          </p>
          <ul className="mt-6 flex flex-wrap gap-3">
            {links.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center gap-2 rounded-brutal border-2 border-ink bg-white px-4 font-bold shadow-brutal-sm hover:bg-secondary-soft"
                >
                  {link.label}
                  <ExternalLink aria-hidden="true" className="size-4" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
