import { describe, expect, it } from 'vitest';
import { dueReminderKind } from './reminder-schedule';

const now = new Date('2031-07-03T12:00:00Z');
const ahead = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('which reminder is due', () => {
  it('none more than a day ahead', () => {
    expect(dueReminderKind(ahead(24 * 60 + 1), now)).toBeNull();
    expect(dueReminderKind(ahead(30 * 24 * 60), now)).toBeNull();
  });

  it('the 24-hour one from exactly a day ahead down to just over an hour', () => {
    expect(dueReminderKind(ahead(24 * 60), now)).toBe('24h');
    expect(dueReminderKind(ahead(20 * 60), now)).toBe('24h');
    expect(dueReminderKind(ahead(61), now)).toBe('24h');
  });

  it('only the 1-hour one inside the last hour', () => {
    expect(dueReminderKind(ahead(60), now)).toBe('1h');
    expect(dueReminderKind(ahead(50), now)).toBe('1h');
    expect(dueReminderKind(new Date(now.getTime() + 1), now)).toBe('1h');
  });

  it('none once the workshop has started', () => {
    expect(dueReminderKind(now, now)).toBeNull();
    expect(dueReminderKind(ahead(-5), now)).toBeNull();
  });
});
