import { describe, expect, it } from 'vitest';
import { verifyToken } from '../../../server/lib/signed-token';
import { addUnsubscribeLink, unsubscribeAddress, unsubscribeDecorator, unsubscribeToken } from './unsubscribe';

const SECRET = 'unit-secret-unit-secret-unit-secret!';
const base = { to: 'Ada@Example.com', bcc: null, subject: 'Hi', attachments: null };

describe('unsubscribe links', () => {
  it('signs the lower-cased address for its own purpose, valid for years', () => {
    const token = unsubscribeToken(SECRET, 'Ada Lovelace <ADA@example.com>');
    expect(verifyToken(SECRET, 'newsletter-unsubscribe', token)).toBe('ada@example.com');
    expect(verifyToken(SECRET, 'newsletter-unsubscribe', token, Date.now() + 4 * 365 * 86_400_000)).toBe('ada@example.com');
    expect(verifyToken(SECRET, 'participant-access', token)).toBeNull();
    expect(unsubscribeAddress(SECRET, token)).toBe('ada@example.com');
    expect(unsubscribeAddress(SECRET, [token])).toBeNull();
  });

  it('puts the footer inside the document, before </body>, and after the text', () => {
    const message = addUnsubscribeLink({ ...base, html: '<html><body><p>Hello</p></body></html>', text: 'Hello\n\n' }, 'https://x.test/u?token=a&b');
    expect(message.html).toMatch(/^<html><body><p>Hello<\/p><p [^>]*>You get this newsletter because you subscribed to it\. <a href="https:\/\/x\.test\/u\?token=a&amp;b" [^>]*>Unsubscribe<\/a><\/p>/);
    expect(message.html).toMatch(/<\/p>\n<\/body><\/html>$/);
    expect(message.text).toBe('Hello\n\n--\nUnsubscribe from these e-mails: https://x.test/u?token=a&b\n');
    expect(message.headers).toEqual({ 'List-Unsubscribe': '<https://x.test/u?token=a&b>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('leaves a missing text part missing and keeps headers off a message with a BCC copy', () => {
    const message = addUnsubscribeLink({ ...base, bcc: 'admin@example.com', html: '<p>Hi</p>', text: null, headers: { 'X-Kind': 'a' } }, 'https://x.test/u');
    expect(message.text).toBeNull();
    expect(message.html).toContain('<p>Hi</p>\n<p ');
    expect(message.headers).toEqual({ 'X-Kind': 'a' });
  });

  it('links each newsletter recipient to their own address', () => {
    const decorate = unsubscribeDecorator({ secret: SECRET, publicUrl: 'https://shop.test/' });
    const message = decorate({ ...base, html: '<p>Hi</p>', text: 'Hi' }, { id: 1, kind: 'newsletter', to: base.to });
    const url = new URL(/<(.+)>/.exec(message.headers?.['List-Unsubscribe'] ?? '')![1]!);
    expect(url.origin + url.pathname).toBe('https://shop.test/api/newsletter/unsubscribe');
    expect(verifyToken(SECRET, 'newsletter-unsubscribe', url.searchParams.get('token'))).toBe('ada@example.com');
  });

  it.each(['booking-confirmation', 'participant-access', 'refund-approved', 'booking-cancellation', 'booking-reminder-24h', 'admin-message'])(
    'leaves a %s e-mail as it is: no footer, no List-Unsubscribe',
    (kind) => {
      const decorate = unsubscribeDecorator({ secret: SECRET, publicUrl: 'https://shop.test/' });
      const message = { ...base, html: '<p>Your seat is booked</p>', text: 'Your seat is booked' };
      expect(decorate(message, { id: 2, kind, to: base.to })).toBe(message);
    },
  );
});
