import { describe, expect, it } from 'vitest';
import { contactReplySchema, REPLY_SUBJECT_MAX } from '../admin-messages.schema';
import { formatMessageDate, replySubject } from './message-format';

describe('replySubject', () => {
  it("answers with 'Re: ' and the subject as the visitor wrote it", () => {
    expect(replySubject('Team & price?')).toBe('Re: Team & price?');
    expect(replySubject('  Hello  ')).toBe('Re: Hello');
  });

  it("does not double an existing 'Re:', whatever its case", () => {
    expect(replySubject('RE: hello')).toBe('RE: hello');
    expect(replySubject('re:hello')).toBe('re:hello');
    expect(replySubject('Re : hello')).toBe('Re : hello');
    // A word that merely starts with 're' is not a reply marker.
    expect(replySubject('Refund please')).toBe('Re: Refund please');
  });

  it('keeps the longest subject the contact form takes whole, and the reply form accepts it', () => {
    const longest = replySubject('x'.repeat(300));
    expect(longest).toBe(`Re: ${'x'.repeat(300)}`);
    expect(contactReplySchema.safeParse({ subject: longest, message: 'Thanks!' }).success).toBe(true);
  });

  it('cuts a longer subject (an imported one) to what the reply takes, never between the halves of an emoji', () => {
    expect(replySubject('x'.repeat(REPLY_SUBJECT_MAX))).toBe(`Re: ${'x'.repeat(REPLY_SUBJECT_MAX - 4)}`);
    const emojiAtCut = replySubject(`${'x'.repeat(REPLY_SUBJECT_MAX - 5)}😀😀`);
    expect(emojiAtCut).toBe(`Re: ${'x'.repeat(REPLY_SUBJECT_MAX - 5)}`);
    expect(contactReplySchema.safeParse({ subject: emojiAtCut, message: 'Thanks!' }).success).toBe(true);
  });
});

describe('formatMessageDate', () => {
  it('shows the date and time, or the text itself when it is not a date', () => {
    expect(formatMessageDate('2031-07-04T10:00:00.000Z')).toMatch(/^(Thu|Fri|Sat), Jul \d, 2031, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatMessageDate('soon')).toBe('soon');
  });
});
