import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { CONTACT_EMAIL } from '../../../../client/lib/site-info';

const mailLink = (
  <a href={`mailto:${CONTACT_EMAIL}`} className="font-bold underline decoration-2 underline-offset-4">
    {CONTACT_EMAIL}
  </a>
);

const faqs: Array<{ id: string; question: string; answer: ReactNode }> = [
  {
    id: 'experience',
    question: 'Do I need any coding experience?',
    answer:
      'No. The workshop is built for people without a technical background. If you can describe what you want in plain words, you can build with these tools.',
  },
  {
    id: 'tools',
    question: 'Which tools will we use?',
    answer:
      'AI-powered no-code builders such as Lovable, Bolt and Replit, plus an AI assistant for mapping the concept. Free accounts are enough, and we help you choose the one that suits your idea.',
  },
  {
    id: 'follow-up',
    question: 'What happens in the two follow-up calls?',
    answer:
      'Each is a one-on-one video call after the workshop. We look at where your prototype is, get you past whatever blocks you, and plan the next test with real users.',
  },
  {
    id: 'afford',
    question: "What if I can't afford the workshop fee?",
    answer: (
      <>
        We don't want price to keep anyone out. Email us at {mailLink} and tell us what you can afford — we'll do our best
        to make it work.
      </>
    ),
  },
  {
    id: 'refunds',
    question: 'What is your refund policy?',
    answer:
      'Cancel at least 7 days before the workshop and you get a full refund. Within 7 days of the workshop, you can choose a credit toward a future workshop or a 50% refund.',
  },
  {
    id: 'prepare',
    question: 'How should I prepare?',
    answer:
      'Bring one idea you would like to test, a laptop with an up-to-date browser and a stable internet connection for the video call. We send a short checklist and the meeting link before the session.',
  },
];

/** Landing section 8: one answer open at a time, and it can be closed again. */
export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-heading" className="border-b-2 border-ink">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
        <p className="text-sm font-extrabold uppercase tracking-label">FAQ</p>
        <h2 id="faq-heading" className="mt-2 text-3xl font-black tracking-tight sm:text-4xl">
          Frequently asked questions
        </h2>
        <Accordion.Root type="single" collapsible className="mt-10 grid max-w-3xl gap-4">
          {faqs.map((faq) => (
            <Accordion.Item key={faq.id} value={faq.id} className="rounded-brutal border-2 border-ink bg-white shadow-brutal-sm">
              <Accordion.Header>
                <Accordion.Trigger className="group flex min-h-14 w-full items-center justify-between gap-4 px-5 py-3 text-left font-extrabold">
                  {faq.question}
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 transition-transform duration-200 group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="border-t-2 border-ink px-5 py-4 text-ink-soft">{faq.answer}</Accordion.Content>
              {/* The accordion opens with scripts; without them, the server's HTML shows every answer. */}
              <noscript>
                <div className="border-t-2 border-ink px-5 py-4 text-ink-soft">{faq.answer}</div>
              </noscript>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </section>
  );
}
