import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CalendarLinks, type CalendarLinksProps } from './ui/calendar-links';

const props: CalendarLinksProps = { bookingId: 9, title: 'Agents 101', date: 'July 4, 2031', time: '10:00 AM', timezone: 'PST', isTBC: false };
const render = (overrides: Partial<CalendarLinksProps> = {}) => renderToStaticMarkup(createElement(CalendarLinks, { ...props, ...overrides }));
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

describe('CalendarLinks', () => {
  it('offers the .ics download, Google Calendar and Outlook for a dated workshop', () => {
    const html = render({ location: 'https://zoom.us/j/1' });
    expect(html).toContain('Download calendar file');
    expect(html).toContain('Add to Google Calendar');
    expect(html).toContain('Add to Outlook');
    const [ics, google, outlook] = hrefs(html);
    expect(ics).toBe('/api/participant/bookings/9/calendar.ics');
    const googleUrl = new URL(google!);
    expect(googleUrl.hostname).toBe('calendar.google.com');
    // 10:00 AM PST in July is 10:00 AM Pacific daylight time (UTC−7); one hour, as no end time was given.
    expect(googleUrl.searchParams.get('dates')).toBe('20310704T170000Z/20310704T180000Z');
    expect(googleUrl.searchParams.get('location')).toBe('https://zoom.us/j/1');
    const outlookUrl = new URL(outlook!);
    expect(outlookUrl.hostname).toBe('outlook.live.com');
    expect(outlookUrl.searchParams.get('startdt')).toBe('2031-07-04T17:00:00Z');
    expect(outlookUrl.searchParams.get('enddt')).toBe('2031-07-04T18:00:00Z');
    expect(html.match(/target="_blank" rel="noopener noreferrer"/g)).toHaveLength(2);
  });

  it('renders nothing while the date is to be confirmed', () => {
    expect(render({ isTBC: true })).toBe('');
    expect(render({ date: '', time: '' })).toBe('');
  });
});
