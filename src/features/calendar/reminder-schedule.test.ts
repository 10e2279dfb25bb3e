import { describe, expect, it } from 'vitest';
import { dueReminderKind, reminderLeadText } from './reminder-schedule';

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

describe('how the reminder says the time left', () => {
  it('says 24 hours and 1 hour when sent on time', () => {
    expect(reminderLeadText('24h', ahead(24 * 60), now)).toBe('in 24 hours');
    expect(reminderLeadText('1h', ahead(60), now)).toBe('in 1 hour');
    expect(reminderLeadText('1h', ahead(59), now)).toBe('in 1 hour');
  });

  it('says the real time left when the reminder goes out late', () => {
    expect(reminderLeadText('24h', ahead(5 * 60), now)).toBe('in 5 hours');
    expect(reminderLeadText('24h', ahead(90), now)).toBe('in 2 hours');
    expect(reminderLeadText('1h', ahead(20), now)).toBe('in 20 minutes');
    expect(reminderLeadText('1h', ahead(0.2), now)).toBe('in 1 minute');
  });

  it("falls back to the reminder's window without a start time", () => {
    expect(reminderLeadText('24h')).toBe('in 24 hours');
    expect(reminderLeadText('1h')).toBe('in 1 hour');
  });
});
