import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORGANISER_ANSWER_KIND } from '../../src/features/admin-messages/server/reply-to-message';
import { resolveMailTransport } from '../../src/features/settings/server';
import { adminUsers, auditLog, contactMessages, emailOutbox } from '../../src/server/db/schema';
import { OutboxWorker } from '../../src/server/email/outbox-worker';
import { createSession } from '../../src/server/plugins/auth';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { adminTestSession, clientHeaders, TEST_ADMIN, TEST_SECRET } from '../helpers/test-app';

/**
 * The organiser answers a contact message from Admin › Messages: the reply goes to the sender
 * through the outbox, and the message is marked read and replied, all in one transaction.
 */

let nudges = 0;
const session = adminTestSession({ onEmailQueued: () => void nudges++ });

let made = 0;
/** A visitor's message as the contact form stores it, from an address of its own. */
async function aMessage(subject = 'Team booking', message = 'Hello,\nis the workshop right for a team of five?') {
  made += 1;
  const [row] = await session.db
    .insert(contactMessages)
    .values({ name: 'Grace Hopper', email: `grace${made}@example.com`, subject, message })
    .returning();
  return row!;
}

const reply = (id: number | string, payload: unknown, headers = session.headers) =>
  session.app.inject({ method: 'POST', url: `/api/admin/contact-messages/${id}/reply`, headers, payload: payload as object });
const rowOf = async (id: number) => (await session.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];
const repliesTo = (email: string) =>
  session.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, ORGANISER_ANSWER_KIND), eq(emailOutbox.to, email))).orderBy(emailOutbox.id);
const replyAudits = (id: number) =>
  session.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'contact_message_replied'), eq(auditLog.entity, 'contact_message'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);
const listed = async (id: number) => {
  const response = await session.call('GET', '/api/admin/contact-messages');
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: number; isRead: boolean; repliedAt: string | null }[]).find((message) => message.id === id);
};

/** Everything a refused reply must leave as it was: the message, its e-mails, its audit. */
async function stateOf(id: number, email: string) {
  return { row: await rowOf(id), mails: (await repliesTo(email)).length, audits: (await replyAudits(id)).length, nudges };
}

describe('POST /api/admin/contact-messages/:id/reply', () => {
  it('queues one e-mail to the sender, the words escaped and their line breaks kept, marks the message read and replied, and audits it', async () => {
    const message = await aMessage('Team <b>booking</b>', 'Can six of us come?\nThanks, Grace');
    expect(await listed(message.id)).toMatchObject({ isRead: false, repliedAt: null });
    const before = nudges;
    const words = 'Hi Grace,\n\nYes, six is fine. <script>alert("x")</script> & see you soon\nJane';

    const response = await reply(message.id, { subject: 'Re: Team <b>booking</b>', message: words });
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json();
    expect(answered).toMatchObject({ id: message.id, email: message.email, isRead: true, repliedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) });

    const mails = await repliesTo(message.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ to: message.email, subject: 'Re: Team <b>booking</b>', status: 'pending', bcc: null });
    // The organiser's words are text in the e-mail, never markup, in the shared layout.
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('<p>Hi Grace,</p><p>Yes, six is fine. &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; see you soon<br>Jane</p>');
    expect(mail!.html).toContain('<title>Re: Team &lt;b&gt;booking&lt;/b&gt;</title>');
    // The visitor's message is quoted underneath, escaped too.
    expect(mail!.html).toContain('<p>Can six of us come?<br>Thanks, Grace</p></blockquote>');
    expect(mail!.text).toBe(`${words}\n\nYou wrote:\n> Can six of us come?\n> Thanks, Grace`);
    // The worker is woken once the e-mail is committed.
    expect(nudges).toBe(before + 1);

    const row = await rowOf(message.id);
    expect(row).toMatchObject({ isRead: true });
    expect(row!.repliedAt?.toISOString()).toBe(answered.repliedAt);
    expect(await listed(message.id)).toMatchObject({ isRead: true, repliedAt: answered.repliedAt });

    const audits = await replyAudits(message.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor: TEST_ADMIN.email, details: { email: message.email, subject: 'Re: Team <b>booking</b>', emailId: mail!.id, again: false } });
  });

  it("is not taken for the contact form's acknowledgement: the visitor's next message is still acknowledged", async () => {
    const message = await aMessage();
    expect((await reply(message.id, { subject: 'Re: Team booking', message: 'Yes.' })).statusCode).toBe(200);
    const sent = await session.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: clientHeaders,
      payload: { name: 'Grace Hopper', email: message.email, subject: 'One more question', message: 'Can we bring a guest along?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const acknowledged = await session.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'contact-reply'), eq(emailOutbox.to, message.email)));
    expect(acknowledged).toHaveLength(1);
  });

  it('lets the organiser reply again, a second e-mail that moves repliedAt on', async () => {
    const message = await aMessage();
    const first = await reply(message.id, { subject: 'Re: Team booking', message: 'Yes, we can.' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await reply(message.id, { subject: 'Re: Team booking', message: 'One more thing: bring laptops.' });
    expect(second.statusCode, second.body).toBe(200);

    expect((await repliesTo(message.email)).map((mail) => mail.text?.split('\n')[0])).toEqual(['Yes, we can.', 'One more thing: bring laptops.']);
    expect(Date.parse(second.json().repliedAt)).toBeGreaterThanOrEqual(Date.parse(first.json().repliedAt));
    expect((await rowOf(message.id))!.repliedAt?.toISOString()).toBe(second.json().repliedAt);
    expect((await replyAudits(message.id)).map((audit) => (audit.details as { again: boolean }).again)).toEqual([false, true]);
  });

  it("keeps a subject on one line, and goes out with the organiser's address as Reply-To", async () => {
    const message = await aMessage();
    const response = await reply(message.id, { subject: '  Re: Team booking\r\nBcc: someone@evil.test ', message: 'See you there.' });
    expect(response.statusCode, response.body).toBe(200);
    const [queued] = await repliesTo(message.email);
    expect(queued!.subject).toBe('Re: Team booking Bcc: someone@evil.test');

    const catcher = await SmtpCatcher.start();
    try {
      // The app's own transport (SMTP_URL here): it gives every e-mail the organiser's sender and Reply-To.
      const worker = new OutboxWorker({ db: session.db, secret: TEST_SECRET, getTransport: () => resolveMailTransport(session.db, { SMTP_URL: catcher.url }, TEST_SECRET), backoff: () => 0, batchSize: 50 });
      await worker.runOnce();
      const sent = catcher.messages.filter((mail) => mail.recipients.includes(message.email));
      expect(sent).toHaveLength(1);
      expect(sent[0]!.recipients).toEqual([message.email]);
      expect(sent[0]!.subject).toBe('Re: Team booking Bcc: someone@evil.test');
      expect(sent[0]!.headers.get('reply-to')).toContain(TEST_ADMIN.email);
      expect(sent[0]!.text).toContain('See you there.');
    } finally {
      await catcher.stop();
    }
  });

  it("answers 404 'Message not found' for a message that does not exist, and queues nothing", async () => {
    const mailsBefore = (await session.db.select().from(emailOutbox).where(eq(emailOutbox.kind, ORGANISER_ANSWER_KIND))).length;
    const before = nudges;
    const response = await reply(999_999, { subject: 'Re: Hello', message: 'Anyone there?' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Message not found' });

    // A deleted message is gone for replies too.
    const deleted = await aMessage();
    expect((await session.call('DELETE', `/api/admin/contact-messages/${deleted.id}`)).statusCode).toBe(200);
    const afterDelete = await reply(deleted.id, { subject: 'Re: Hello', message: 'Too late?' });
    expect(afterDelete.statusCode).toBe(404);

    expect((await session.db.select().from(emailOutbox).where(eq(emailOutbox.kind, ORGANISER_ANSWER_KIND))).length).toBe(mailsBefore);
    expect(nudges).toBe(before);
  });

  it.each([
    ['an empty message', { subject: 'Re: Hi', message: '' }, 'Message is required'],
    ['a message of spaces only', { subject: 'Re: Hi', message: ' \n\t ' }, 'Message is required'],
    ['no message at all', { subject: 'Re: Hi' }, 'Message is required'],
    ['a message that is not text', { subject: 'Re: Hi', message: 42 }, 'Message is required'],
    ['a NUL byte in the message', { subject: 'Re: Hi', message: 'Hello\u0000there' }, 'Message contains a character that is not allowed'],
    ['a lone surrogate in the message', { subject: 'Re: Hi', message: 'Hello \ud800 there' }, 'Message contains a character that is not allowed'],
    ['a message too long', { subject: 'Re: Hi', message: 'x'.repeat(20_001) }, 'Message must be 20,000 characters or less'],
    ['an empty subject', { subject: '   ', message: 'Hello' }, 'Subject is required'],
    ['no subject at all', { message: 'Hello' }, 'Subject is required'],
    ['a NUL byte in the subject', { subject: 'Re:\u0000Hi', message: 'Hello' }, 'Subject contains a character that is not allowed'],
    ['a subject too long', { subject: 'x'.repeat(401), message: 'Hello' }, 'Subject must be 400 characters or less'],
    ['a body that is not an object', ['Re: Hi', 'Hello'], 'Message is required'],
  ])('refuses %s with 400 and its reason, changing nothing', async (_name, payload, reason) => {
    const message = await aMessage();
    const before = await stateOf(message.id, message.email);
    const response = await reply(message.id, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(reason);
    expect(await stateOf(message.id, message.email)).toEqual(before);
    expect(before.row).toMatchObject({ isRead: false, repliedAt: null });
  });

  it('takes the longest message and a long subject at their limits', async () => {
    const message = await aMessage();
    const response = await reply(message.id, { subject: `Re: ${'s'.repeat(396)}`, message: 'x'.repeat(20_000) });
    expect(response.statusCode, response.body).toBe(200);
    expect(await repliesTo(message.email)).toHaveLength(1);
  });

  it("answers 400 'Message not found' for an id that is not one, before reading the body", async () => {
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const response = await reply(id, { subject: 'Re: Hi', message: 'Hello' });
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Message not found' });
    }
  });

  it('is for admins only: 401 without a session, 403 for a user who is not an admin or without the client header, and nothing changes', async () => {
    const message = await aMessage();
    const before = await stateOf(message.id, message.email);
    const payload = { subject: 'Re: Team booking', message: 'Not from the organiser.' };

    const anonymous = await reply(message.id, payload, clientHeaders);
    expect(anonymous.statusCode).toBe(401);

    const [staff] = await session.db.insert(adminUsers).values({ email: 'staff@test.local', passwordHash: 'x', isAdmin: false }).returning();
    const notAdmin = await createSession(session.db, { kind: 'admin', adminUserId: staff!.id });
    const staffReply = await reply(message.id, payload, { ...clientHeaders, cookie: `sid=${notAdmin.token}` });
    expect(staffReply.statusCode).toBe(403);

    const participant = await createSession(session.db, { kind: 'participant', participantEmail: message.email });
    const participantReply = await reply(message.id, payload, { ...clientHeaders, cookie: `sid=${participant.token}` });
    expect(participantReply.statusCode).toBe(403);

    // The admin's own cookie without the web client's header: the CSRF guard refuses it.
    const forged = await reply(message.id, payload, { cookie: session.headers.cookie! });
    expect(forged.statusCode).toBe(403);

    expect(await stateOf(message.id, message.email)).toEqual(before);
  });
});
