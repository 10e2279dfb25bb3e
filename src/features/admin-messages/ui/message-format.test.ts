import { describe, expect, it } from 'vitest';
import { formatMessageDate, replyHref } from './message-format';

describe('replyHref', () => {
  it("answers the sender with 'Re: ' and the subject, encoded", () => {
    expect(replyHref({ email: 'grace@example.com', subject: 'Team & price?' })).toBe('mailto:grace@example.com?subject=Re%3A%20Team%20%26%20price%3F');
  });

  it("does not double an existing 'Re:'", () => {
    expect(replyHref({ email: 'a@example.com', subject: 'RE: hello' })).toBe('mailto:a@example.com?subject=RE%3A%20hello');
  });

  it('cannot be turned into another header by a crafted address', () => {
    expect(replyHref({ email: 'a@example.com?bcc=x@evil.test', subject: 'Hi' })).toBe('mailto:a@example.com%3Fbcc%3Dx@evil.test?subject=Re%3A%20Hi');
  });
});

describe('formatMessageDate', () => {
  it('shows the date and time, or the text itself when it is not a date', () => {
    expect(formatMessageDate('2031-07-04T10:00:00.000Z')).toMatch(/^Jul \d, 2031, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatMessageDate('soon')).toBe('soon');
  });
});
