import { describe, expect, it } from 'vitest';
import { buildBookingIcs, icsUtc, unfoldIcs } from './ics';

const octets = (line: string) => new TextEncoder().encode(line).length;

const event = {
  bookingId: 42,
  host: 'workshops.example',
  title: 'Prompting, Evaluation; and \\ Tools',
  start: new Date('2031-07-04T18:00:00Z'),
  end: new Date('2031-07-04T20:00:00Z'),
  description: 'Starts July 4, 2031, 10:00 AM PST\nMeeting link: https://zoom.us/j/1?pwd=a,b',
  location: 'https://zoom.us/j/1',
  url: 'https://workshops.example/participant',
  now: new Date('2031-06-01T08:30:05.123Z'),
};

/** A property's value in logical lines, whatever parameters it carries ('URL;VALUE=URI:…'). */
const valueIn = (lines: string[], name: string) => {
  const line = lines.find((candidate) => candidate.startsWith(`${name}:`) || candidate.startsWith(`${name};`));
  return line?.slice(line.indexOf(':') + 1);
};

describe('iCalendar text', () => {
  it('writes UTC instants as YYYYMMDDTHHMMSSZ', () => {
    expect(icsUtc(new Date('2031-07-04T18:00:00.000Z'))).toBe('20310704T180000Z');
    expect(icsUtc(new Date('2031-12-31T23:59:59.999Z'))).toBe('20311231T235959Z');
  });

  it('escapes backslash, semicolon, comma and newlines in TEXT values', () => {
    const lines = unfoldIcs(buildBookingIcs({ ...event, title: 'a\\b;c,d\ne\r\nf' }));
    expect(valueIn(lines, 'SUMMARY')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a UTF-8 character', () => {
    const description = `${'é'.repeat(100)}😀${'a'.repeat(80)}`;
    const ics = buildBookingIcs({ ...event, description });
    const physical = ics.split('\r\n');
    const start = physical.findIndex((line) => line.startsWith('DESCRIPTION:'));
    const continuation = physical.slice(start + 1).filter((line) => line.startsWith(' '));
    expect(continuation.length).toBeGreaterThan(1);
    for (const line of physical) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(ics).not.toContain('\uFFFD');
    expect(valueIn(unfoldIcs(ics), 'DESCRIPTION')).toBe(description);
  });
});

describe('a booking event', () => {
  const ics = buildBookingIcs(event);
  const lines = unfoldIcs(ics);
  const value = (name: string) => valueIn(lines, name);

  it('is one VEVENT in a PUBLISH calendar, CRLF-terminated, every physical line within 75 octets', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(value('VERSION')).toBe('2.0');
    expect(value('PRODID')).toBeTruthy();
    expect(value('METHOD')).toBe('PUBLISH');
    expect(value('SEQUENCE')).toBe('0');
    expect(value('STATUS')).toBe('CONFIRMED');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it('carries the uid, times in UTC, and escaped texts', () => {
    expect(value('UID')).toBe('booking-42@workshops.example');
    expect(value('DTSTAMP')).toBe('20310601T083005Z');
    expect(value('DTSTART')).toBe('20310704T180000Z');
    expect(value('DTEND')).toBe('20310704T200000Z');
    expect(value('SUMMARY')).toBe('Prompting\\, Evaluation\\; and \\\\ Tools');
    expect(value('DESCRIPTION')).toBe('Starts July 4\\, 2031\\, 10:00 AM PST\\nMeeting link: https://zoom.us/j/1?pwd=a\\,b');
    expect(value('LOCATION')).toBe('https://zoom.us/j/1');
    expect(value('URL')).toBe('https://workshops.example/participant');
  });

  it('leaves LOCATION out when there is no meeting link', () => {
    expect(unfoldIcs(buildBookingIcs({ ...event, location: null })).some((line) => line.startsWith('LOCATION'))).toBe(false);
  });

  it('cancels with METHOD:CANCEL, the same UID, a higher SEQUENCE and STATUS:CANCELLED', () => {
    const cancelled = unfoldIcs(buildBookingIcs({ ...event, cancelled: true }));
    expect(valueIn(cancelled, 'METHOD')).toBe('CANCEL');
    expect(valueIn(cancelled, 'UID')).toBe('booking-42@workshops.example');
    expect(valueIn(cancelled, 'SEQUENCE')).toBe('1');
    expect(valueIn(cancelled, 'STATUS')).toBe('CANCELLED');
  });
});
