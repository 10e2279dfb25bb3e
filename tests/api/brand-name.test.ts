import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFrame } from '../../src/app/client/server-render';
import { resolveMailTransport } from '../../src/features/settings/server';
import { namedAddress } from '../../src/features/settings/server/sender';
import { auditLog, emailOutbox, settings } from '../../src/server/db/schema';
import { OutboxWorker } from '../../src/server/email/outbox-worker';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { adminTestSession, buildAppServingClient, clientHeaders, TEST_ADMIN, TEST_SECRET } from '../helpers/test-app';

/**
 * The brand name is set once in Settings › General and every page, e-mail and share shows it:
 * saved, it is what the next page load and the next e-mail carry, without a restart, even while
 * the public reads are cached.
 */

// A long cache, so the test shows a save drops what was cached rather than it expiring.
const session = adminTestSession({ publicCacheMs: 60_000 });
const BRAND = 'Rock & Roll <Labs>';
const BRAND_HTML = 'Rock &amp; Roll &lt;Labs&gt;';

const save = (payload: Record<string, unknown>) => session.app.inject({ method: 'POST', url: '/api/admin/settings', headers: session.headers, payload });
const readSettings = async () => (await session.app.inject({ method: 'GET', url: '/api/admin/settings', headers: session.headers })).json();
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const page = async (url: string) => (await session.app.inject({ url, headers: { accept: 'text/html' } })).body;

/** dist/ as the build leaves it, with the checkout's frame as scripts/prerender.mjs renders it. */
let distDir: string;
let clientDir: string;
beforeAll(() => {
  distDir = mkdtempSync(join(tmpdir(), 'dist-brand-'));
  clientDir = join(distDir, 'client');
  mkdirSync(clientDir, { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><!--app-meta--></head><body><div id="root"></div></body></html>');
  mkdirSync(join(distDir, 'prerendered'));
  writeFileSync(join(distDir, 'prerendered', 'pages.json'), JSON.stringify({ '/checkout': renderFrame('/checkout') }));
});
afterAll(() => {
  rmSync(distDir, { recursive: true, force: true });
});

describe('the brand name', () => {
  it('is "Vibe Coding Workshop" until one is saved, in the settings and the pages', async () => {
    expect((await readSettings()).brandName).toBe('Vibe Coding Workshop');
    expect(titleOf(await page('/'))).toBe('Introduction to Vibe Coding — Vibe Coding Workshop');
    expect(titleOf(await page('/blog'))).toBe('Blog — Vibe Coding Workshop');
    expect(await page('/')).toContain('<meta property="og:site_name" content="Vibe Coding Workshop" />');
  });

  it.each([
    ['empty', '', 'Brand name is required'],
    ['only spaces', '   ', 'Brand name is required'],
    ['61 characters', 'x'.repeat(61), 'Brand name must be 60 characters or less'],
    ['a line break', 'Rock\nRoll', 'Brand name cannot contain line breaks, tabs or other control characters'],
    ['a tab', 'Rock\tRoll', 'Brand name cannot contain line breaks, tabs or other control characters'],
    ['a C1 control', 'Rock\u0085Roll', 'Brand name cannot contain line breaks, tabs or other control characters'],
    ['the NUL character', 'Rock\u0000Roll', 'Brand name contains a character that is not allowed'],
    ['null', null, 'Brand name is required'],
    ['a number', 42, null],
  ])('refuses %s with 400 and changes nothing', async (_label, brandName, message) => {
    const before = await session.db.select().from(settings);
    const response = await save({ brandName, timezone: 'EST' });
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(response.json()).toMatchObject({ message });
    else expect(response.json().message).toEqual(expect.any(String));
    expect(await session.db.select().from(settings)).toEqual(before);
    expect((await readSettings()).brandName).toBe('Vibe Coding Workshop');
    expect(titleOf(await page('/'))).toBe('Introduction to Vibe Coding — Vibe Coding Workshop');
  });

  it('accepts 60 characters, trimmed, and audits the change', async () => {
    const sixty = 'B'.repeat(60);
    const response = await save({ brandName: `  ${sixty}  ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().brandName).toBe(sixty);
    const [audit] = await session.db.select().from(auditLog).where(eq(auditLog.action, 'settings_updated'));
    expect(audit!.details).toEqual({ fields: ['brandName'], changes: { brandName: [null, sixty] } });
  });

  it("saved, shows at once in every page's title and share tags, escaped, while the public reads stay cached", async () => {
    // Cached under the old name first.
    expect(titleOf(await page('/intro'))).toBe(`About the Workshop — ${'B'.repeat(60)}`);
    const response = await save({ brandName: BRAND });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().brandName).toBe(BRAND);

    expect(titleOf(await page('/'))).toBe(`Introduction to Vibe Coding — ${BRAND_HTML}`);
    expect(titleOf(await page('/intro'))).toBe(`About the Workshop — ${BRAND_HTML}`);
    expect(titleOf(await page('/blog'))).toBe(`Blog — ${BRAND_HTML}`);
    expect(titleOf(await page('/admin'))).toBe(`Admin Dashboard — ${BRAND_HTML}`);
    expect(titleOf(await page('/participant'))).toBe(`My Bookings — ${BRAND_HTML}`);
    const landing = await page('/');
    expect(landing).toContain(`<meta property="og:title" content="Introduction to Vibe Coding — ${BRAND_HTML}" />`);
    expect(landing).toContain(`<meta property="og:site_name" content="${BRAND_HTML}" />`);
    expect(landing).not.toContain('<Labs>');
  });

  it("shows in a prerendered page's header and footer, escaped, in place of the build's stand-ins", async () => {
    const served = await buildAppServingClient(session.app.database, clientDir);
    try {
      const html = (await served.inject({ url: '/checkout', headers: { accept: 'text/html' } })).body;
      expect(titleOf(html)).toBe(`Complete Your Booking — ${BRAND_HTML}`);
      const header = /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
      expect(header).toContain(`aria-label="${BRAND_HTML}, home"`);
      expect(header).toContain(`>${BRAND_HTML}</span>`);
      expect(header).toMatch(/>R<\/span>/);
      const footer = /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? '';
      expect(footer).toContain(BRAND_HTML);
      expect(footer).toMatch(new RegExp(`© (<!-- -->)?\\d{4}(<!-- -->)? (<!-- -->)?${BRAND_HTML.replace(/[&;]/g, '\\$&')}`));
      expect(html).not.toContain('[[brand-');
      expect(html).not.toContain('Vibe Coding Workshop');
      expect(html).not.toContain('<Labs>');
    } finally {
      await served.close();
    }
  });

  it("is every e-mail's layout, header and foot, and the From name the mail goes out with", async () => {
    expect((await readSettings()).emailSender).toBe(`"Rock & Roll <Labs>" <${TEST_ADMIN.email}>`);
    await save({ brandName: 'Rock & Roll Labs' });
    expect((await readSettings()).emailSender).toBe(`Rock & Roll Labs <${TEST_ADMIN.email}>`);

    const email = 'ada.brand@example.com';
    const sent = await session.app.inject({ method: 'POST', url: '/api/contact', headers: clientHeaders, payload: { name: 'Ada Lovelace', email, subject: 'A question', message: 'Is the workshop right for me?' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const [queued] = await session.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'contact-reply'), eq(emailOutbox.to, email)));
    expect(queued!.html).toContain('>Rock &amp; Roll Labs</td>');
    expect(queued!.html).toContain('Rock &amp; Roll Labs · ');
    expect(queued!.html).not.toContain('Vibe Coding Workshop');

    const catcher = await SmtpCatcher.start();
    try {
      const worker = new OutboxWorker({ db: session.db, secret: TEST_SECRET, getTransport: () => resolveMailTransport(session.db, { SMTP_URL: catcher.url }, TEST_SECRET), backoff: () => 0, batchSize: 50 });
      await worker.runOnce();
      const [mail] = catcher.messages.filter((message) => message.recipients.includes(email));
      expect(mail!.from).toContain('Rock & Roll Labs');
      expect(mail!.from).toContain(TEST_ADMIN.email);
      expect(mail!.html).toContain('Rock &amp; Roll Labs');
    } finally {
      await catcher.stop();
    }
  });

  it('never overrides a From the organiser saved', async () => {
    await save({ emailFrom: 'Sam <sam@vibecoding.example>' });
    expect((await readSettings()).emailSender).toBe('Sam <sam@vibecoding.example>');
    await save({ emailFrom: '' });
  });

  it('names the feed and the admin list of share cards', async () => {
    const feed = (await session.app.inject('/blog/feed.xml')).body;
    expect(feed).toContain('<title>Rock &amp; Roll Labs — Blog</title>');
    const cards = (await session.app.inject({ url: '/api/admin/social-cards', headers: session.headers })).json() as { key: string; title: string }[];
    expect(cards.find((card) => card.key === 'blog')!.title).toBe('Blog — Rock & Roll Labs');
    expect(cards.find((card) => card.key === 'default')!.title).toBe('Rock & Roll Labs');
  });
});

describe('a From display name', () => {
  it('is quoted when it holds a character an address list gives a meaning to', () => {
    expect(namedAddress('Rock & Roll Labs', 'a@b.test')).toBe('Rock & Roll Labs <a@b.test>');
    expect(namedAddress('Acme, Inc.', 'a@b.test')).toBe('"Acme, Inc." <a@b.test>');
    expect(namedAddress('Say "hi" \\ bye', 'a@b.test')).toBe('"Say \\"hi\\" \\\\ bye" <a@b.test>');
  });
});
