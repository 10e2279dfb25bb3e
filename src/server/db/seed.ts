import { count } from 'drizzle-orm';
import { workshopInterval } from '../../common/dates';
import { insertBookingsWithOrders } from './single-seat-orders';
import { sanitizeHtml } from '../lib/sanitize-html';
import type { Database } from './client';
import {
  announcements,
  blogPosts,
  discountCodes,
  strategyNotes,
  testimonials,
  workshopDates,
  workshopTemplates,
} from './schema';

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'July 4, 2031' for a day `days` from `now`. */
function dayFromNow(now: Date, days: number): string {
  return longDate.format(new Date(now.getTime() + days * 86_400_000));
}

function datedWorkshop(date: string, time: string, timezone: string) {
  const interval = workshopInterval(date, time, timezone);
  return { date, time, timezone, isTBC: false, startsAt: interval?.start ?? null, endsAt: interval?.end ?? null };
}

const people = [
  ['Maya', 'Lindqvist', 'maya@example.com', 'Northwind'],
  ['Omar', 'Haddad', 'omar@example.com', ''],
  ['Priya', 'Raman', 'priya@example.com', 'Fabrikam'],
  ['Jonas', 'Weber', 'jonas@example.com', 'Contoso'],
  ['Lucia', 'Ferreira', 'lucia@example.com', ''],
  ['Kenji', 'Sato', 'kenji@example.com', 'Tailspin'],
  ['Amara', 'Okafor', 'amara@example.com', 'Litware'],
  ['Sofia', 'Novak', 'sofia@example.com', ''],
  ['Daniel', 'Reyes', 'daniel@example.com', 'Adatum'],
  ['Hannah', 'Berg', 'hannah@example.com', ''],
] as const;

/**
 * Demo content so a newcomer sees every state of the site: an open date, a booked-out date,
 * a TBC date, testimonials over several carousel pages, announcements with and without the
 * interest form, and published and draft blog posts. Runs only on a database with no workshops.
 */
export async function seedDemoContent(db: Database, now = new Date()): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(workshopDates);
  if ((existing?.n ?? 0) > 0) return false;

  await db.transaction(async (tx) => {
    const [template] = await tx
      .insert(workshopTemplates)
      .values({ title: 'Introduction to Vibe Coding', expertiseLevel: 'beginner', defaultSeats: 12 })
      .returning();

    const description =
      'Build a working prototype of your idea in two hours with no-code and AI tools: map the concept, pick the tools, prototype, test with users and plan what comes next.';
    const [open, bookedOut] = await tx
      .insert(workshopDates)
      .values([
        {
          templateId: template!.id,
          title: 'Introduction to Vibe Coding',
          description,
          expertiseLevel: 'beginner',
          ...datedWorkshop(dayFromNow(now, 14), '10:00 AM - 12:00 PM', 'PST'),
          seatsTotal: 30,
          seatsTaken: 3,
          priceCents: 49900,
          isFeatured: true,
          // The demo shows every path, reserve-now-pay-later included (new dates default to paying at once).
          requiresImmediatePayment: false,
          zoomLink: 'https://zoom.us/j/1234567890',
          zoomMeetingId: '123 456 7890',
          zoomPassword: 'vibes',
          additionalInfo: 'Bring an idea you would like to prototype. A laptop with a modern browser is all you need.',
          materialLinks: 'https://example.com/prep-guide\nhttps://example.com/tool-list',
        },
        {
          templateId: template!.id,
          title: 'Introduction to Vibe Coding',
          description,
          expertiseLevel: 'beginner',
          ...datedWorkshop(dayFromNow(now, 28), '6:00 PM - 8:00 PM', 'EST'),
          seatsTotal: 7,
          seatsTaken: 7,
          priceCents: 49900,
          requiresImmediatePayment: false,
        },
        {
          title: 'Vibe Coding for Product Teams',
          description: 'For teams who want to test several ideas fast and decide together which one to build.',
          expertiseLevel: 'some_expertise',
          date: '',
          time: '',
          timezone: 'PST',
          isTBC: true,
          seatsTotal: 15,
          seatsTaken: 0,
          priceCents: 59900,
          requiresImmediatePayment: false,
        },
        {
          title: 'Advanced Prototyping with AI Agents',
          description: 'Not yet announced: hidden from visitors until it is activated.',
          expertiseLevel: 'expert',
          ...datedWorkshop(dayFromNow(now, 45), '9:00 AM - 11:00 AM', 'CET'),
          seatsTotal: 10,
          priceCents: 69900,
          isActive: false,
        },
      ])
      .returning();

    const booking = (workshopDateId: number, person: (typeof people)[number], paid: boolean, daysAgo: number) => ({
      workshopDateId,
      firstName: person[0],
      lastName: person[1],
      email: person[2],
      company: person[3],
      originalPriceCents: 49900,
      discountAmountCents: paid ? 0 : 49900,
      finalPriceCents: paid ? 49900 : 0,
      discountCode: paid ? '' : 'PILOT100',
      isPaid: paid,
      stripePaymentId: paid ? `demo_pi_seed_${workshopDateId}_${person[0].toLowerCase()}` : null,
      createdAt: new Date(now.getTime() - daysAgo * 86_400_000),
    });
    await insertBookingsWithOrders(tx, [
      ...people.slice(0, 3).map((person, i) => booking(open!.id, person, i !== 1, 10 - i)),
      ...people.slice(3, 10).map((person, i) => booking(bookedOut!.id, person, i % 3 !== 2, 20 - i)),
    ]);

    await tx.insert(discountCodes).values([
      { code: 'WELCOME10', description: 'Welcome discount', discountPercent: 10 },
      { code: 'PILOT100', description: 'Pilot cohort: free seat', discountPercent: 100, maxUses: 20, currentUses: 3 },
    ]);

    await tx.insert(testimonials).values([
      { name: 'Maya Lindqvist', role: 'Product Manager', organization: 'Northwind', sortOrder: 1, text: 'I walked in with a sketch on a napkin and walked out with a clickable prototype my team could test the same afternoon.' },
      { name: 'Omar Haddad', role: 'Founder', sortOrder: 2, text: 'The follow-up calls were gold. I finally understood which tool to use for which job instead of trying everything.' },
      { name: 'Priya Raman', role: 'UX Designer', organization: 'Fabrikam', sortOrder: 3, text: 'As a designer I always depended on engineers for prototypes. Now I can test my own ideas with real users in days.' },
      { name: 'Jonas Weber', role: 'Operations Lead', organization: 'Contoso', sortOrder: 4, text: 'Clear, practical and fun. No jargon, no slides for the sake of slides — we built something real.' },
      { name: 'Lucia Ferreira', organization: 'Freelance', sortOrder: 5, text: 'Two hours well spent. The five-step approach is something I now use for every new idea.' },
      { name: 'Kenji Sato', role: 'Engineering Manager', organization: 'Tailspin', sortOrder: 6, text: 'I sent my whole product team afterwards. It changed how we run discovery.' },
      { name: 'Amara Okafor', role: 'Startup Advisor', sortOrder: 7, text: 'The best introduction to building with AI tools I have seen for people who do not code.' },
    ]);

    await tx.insert(announcements).values([
      {
        title: 'New: team workshops',
        content: sanitizeHtml('Bring your whole team to a private session.<br>We tailor the exercises to <strong>your</strong> product.'),
        emailFormEnabled: true,
        sortOrder: 1,
      },
      {
        title: 'Pilot cohort pricing',
        content: sanitizeHtml('Seats in the pilot cohort come at a special rate until June 22.\nBook early: groups stay small.'),
        emailFormEnabled: false,
        sortOrder: 2,
      },
    ]);

    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await tx.insert(blogPosts).values([
      {
        slug: 'prototype-before-you-build',
        title: 'Prototype before you build',
        excerpt: 'Why a two-hour prototype beats a two-month plan, and how to make one this week.',
        content: sanitizeHtml(
          '<p>Most ideas die in planning documents. A prototype puts your idea in front of real people while it is still cheap to change.</p><h2>Start with the problem</h2><p>Write one sentence about who has the problem and what they do today. Everything you build should make that sentence less true.</p><h2>Pick one path</h2><p>Prototype the single most important path through your product. Leave settings, sign-up and edge cases for later.</p><p>Then put it in front of five people and watch where they hesitate.</p>',
        ),
        authorName: 'Alex Rivera',
        isPublished: true,
        publishedAt: daysAgo(12),
      },
      {
        slug: 'choosing-your-no-code-tools',
        title: 'Choosing your no-code tools',
        excerpt: 'A short map of the tools we use in the workshop and when each one fits.',
        content: sanitizeHtml(
          '<p>There is no best tool, only the best tool for the question you are trying to answer.</p><ul><li><strong>Interfaces:</strong> describe the screen and let an AI builder draft it.</li><li><strong>Data:</strong> a spreadsheet-backed database is enough for a prototype.</li><li><strong>Automation:</strong> connect the pieces without writing glue code.</li></ul><p>In the workshop we pick tools together, based on your idea.</p>',
        ),
        authorName: 'Alex Rivera',
        isPublished: true,
        publishedAt: daysAgo(4),
      },
      {
        slug: 'draft-user-testing-checklist',
        title: 'User testing checklist (draft)',
        excerpt: 'Not ready yet.',
        content: '<p>Draft content that visitors must not see.</p>',
        authorName: 'Alex Rivera',
        isPublished: false,
      },
    ]);

    await tx.insert(strategyNotes).values([
      { title: 'Warm-up exercise', content: '- Ask everyone for one idea in one sentence\n- Vote with emoji', category: 'activities' },
    ]);
  });
  return true;
}
