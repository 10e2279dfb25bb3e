const steps = [
  { title: 'Concept mapping', text: 'Turn a fuzzy idea into users, screens and the one flow that matters most.' },
  { title: 'Tool selection', text: 'Pick the no-code and AI builder that fits your idea, not the one with the loudest launch.' },
  { title: 'Rapid prototyping', text: 'Describe, generate, click, fix. Leave the session with something that actually runs.' },
  { title: 'User testing', text: 'Put it in front of people early and learn what to keep, change or drop.' },
  { title: 'Team exploration', text: 'Bring teammates in, compare versions and hand developers a tested starting point.' },
] as const;

const audiences = ['Product managers', 'Designers', 'Entrepreneurs', 'Teams', 'Anyone with an idea'] as const;

/** Landing section 2: the approach and its five steps. */
export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-heading" className="border-b-2 border-ink">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
        <p className="text-sm font-extrabold uppercase tracking-label">About</p>
        <h2 id="about-heading" className="mt-2 max-w-3xl text-3xl font-black tracking-tight text-balance sm:text-4xl">
          Our approach: from idea to tested prototype in five steps
        </h2>
        <p className="mt-4 max-w-2xl text-lg text-ink-soft">
          Vibe coding means describing what you want and shaping it with AI-powered tools until it works. No technical
          background needed — just curiosity and an idea worth testing.
        </p>
        <ol className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-5">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-brutal border-2 border-ink bg-white p-5 shadow-brutal">
              <span aria-hidden="true" className="font-mono text-3xl font-black">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3 className="mt-3 text-lg font-black">{step.title}</h3>
              <p className="mt-2 text-sm text-ink-soft">{step.text}</p>
            </li>
          ))}
        </ol>
        <h3 className="mt-14 text-sm font-extrabold uppercase tracking-label">Made for</h3>
        <ul className="mt-3 flex flex-wrap gap-2">
          {audiences.map((audience) => (
            <li key={audience} className="rounded-full border-2 border-ink bg-secondary-soft px-4 py-1.5 text-sm font-bold">
              {audience}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
