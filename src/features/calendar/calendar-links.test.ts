import { describe, expect, it } from 'vitest';
import { calendarFilePath, googleCalendarUrl, outlookCalendarUrl } from './calendar-links';

const event = {
  title: 'AI & Product: Hands-on',
  start: new Date('2031-07-04T18:00:00Z'),
  end: new Date('2031-07-04T19:00:00Z'),
  details: 'Booking #7, see https://site.example/participant',
  location: 'https://zoom.us/j/123?pwd=x',
};

describe('calendar links', () => {
  it('builds a Google Calendar template link with UTC dates', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('AI & Product: Hands-on');
    expect(url.searchParams.get('dates')).toBe('20310704T180000Z/20310704T190000Z');
    expect(url.searchParams.get('details')).toBe(event.details);
    expect(url.searchParams.get('location')).toBe(event.location);
    // Spaces are %20, never '+', and '&' in the title does not split the query.
    expect(url.search).toContain('text=AI%20%26%20Product%3A%20Hands-on');
  });

  it('builds an Outlook compose link with ISO start and end', () => {
    const url = new URL(outlookCalendarUrl(event));
    expect(`${url.origin}${url.pathname}`).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(url.searchParams.get('subject')).toBe('AI & Product: Hands-on');
    expect(url.searchParams.get('startdt')).toBe('2031-07-04T18:00:00Z');
    expect(url.searchParams.get('enddt')).toBe('2031-07-04T19:00:00Z');
    expect(url.searchParams.get('body')).toBe(event.details);
    expect(url.searchParams.get('location')).toBe(event.location);
  });

  it('leaves out empty fields', () => {
    const url = new URL(googleCalendarUrl({ ...event, details: undefined, location: null }));
    expect(url.searchParams.has('details')).toBe(false);
    expect(url.searchParams.has('location')).toBe(false);
  });

  it('points the .ics download at the participant API', () => {
    expect(calendarFilePath(12)).toBe('/api/participant/bookings/12/calendar.ics');
  });
});
