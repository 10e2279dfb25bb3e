import { describe, expect, it } from 'vitest';
import type { CallSettings } from '../calls.schema';
import { checkDraft, draftFrom, periodKey } from './call-settings-draft';

/* The availability form checks what it sends with the shared schema's own words, before the server does. */

const saved: CallSettings = {
  callMinutes: 30,
  callsPerBooking: 2,
  timeZone: 'Europe/Berlin',
  weeklyHours: [{ weekday: 1, start: '18:00', end: '24:00' }],
  minNoticeHours: 24,
  bookingWindowDays: 60,
  bufferMinutes: 0,
  blockedDates: ['2026-12-25', '2026-12-24'],
  meetingLink: null,
  feedToken: 'x'.repeat(32),
  feedUrl: 'http://localhost/api/calendar/organiser.ics?token=x',
};

describe('the availability form', () => {
  it('shows an end of day as 00:00 and saves it as 24:00', () => {
    const draft = draftFrom(saved);
    expect(draft.weeklyHours[0]).toMatchObject({ start: '18:00', end: '00:00' });
    expect(draft.blockedDates).toEqual(['2026-12-24', '2026-12-25']);
    const checked = checkDraft(draft);
    expect(checked.errors).toBeNull();
    expect(checked.input?.weeklyHours).toEqual([{ weekday: 1, start: '18:00', end: '24:00' }]);
    expect(checked.input?.meetingLink).toBeNull();
  });

  it('names an empty or out-of-range number beside its field', () => {
    const checked = checkDraft({ ...draftFrom(saved), callMinutes: '', bufferMinutes: '500' });
    expect(checked.errors?.fields.get('callMinutes')).toBe('Call length must be a whole number');
    expect(checked.errors?.fields.get('bufferMinutes')).toBe('Buffer must be between 0 and 120 minutes');
  });

  it('names a period by its place in the list, and the rules between periods once each reads', () => {
    const draft = draftFrom(saved);
    const broken = checkDraft({ ...draft, weeklyHours: [...draft.weeklyHours, { key: periodKey(), weekday: 2, start: '09:00', end: '' }] });
    expect(broken.errors?.fields.get('weeklyHours.1.end')).toBe('End must be a time like 09:00');
    const overlapping = checkDraft({ ...draft, weeklyHours: [...draft.weeklyHours, { key: periodKey(), weekday: 1, start: '17:00', end: '19:00' }] });
    expect(overlapping.errors?.weeklyHours).toBe('Monday: 17:00–19:00 and 18:00–24:00 overlap');
  });
});
