import { describe, expect, it } from 'vitest';
import {
  formatClock,
  isKnownTimezone,
  isoDayFromWorkshopDate,
  normaliseWorkshopDate,
  normaliseWorkshopTime,
  timeInputsFromWorkshopTime,
  workshopDateFromIsoDay,
  endsAfterStart,
  workshopTimeFromInputs,
  zoneOptionLabel,
} from './workshop-date-text';

describe('workshop date text', () => {
  it.each([
    ['July 4, 2031', 'July 4, 2031'],
    ['jul 4 2031', 'July 4, 2031'],
    ['  September 30, 2031 ', 'September 30, 2031'],
    ['2031-07-04', 'July 4, 2031'],
  ])('normalises %j to %j', (text, expected) => {
    expect(normaliseWorkshopDate(text)).toBe(expected);
  });

  it.each(['', 'Someday', 'February 30, 2031', '2031-02-30', '2031-13-01', '07/04/2031'])('refuses %j', (text) => {
    expect(normaliseWorkshopDate(text)).toBeNull();
  });

  it('converts to and from a native date input', () => {
    expect(isoDayFromWorkshopDate('July 4, 2031')).toBe('2031-07-04');
    expect(isoDayFromWorkshopDate('')).toBe('');
    expect(workshopDateFromIsoDay('2031-01-09')).toBe('January 9, 2031');
    expect(workshopDateFromIsoDay('')).toBe('');
  });
});

describe('workshop time text', () => {
  it('formats clock minutes in 12-hour time', () => {
    expect(formatClock(0)).toBe('12:00 AM');
    expect(formatClock(9 * 60 + 5)).toBe('9:05 AM');
    expect(formatClock(12 * 60)).toBe('12:00 PM');
    expect(formatClock(23 * 60 + 59)).toBe('11:59 PM');
  });

  it.each([
    ['10:00 AM - 12:00 PM', '10:00 AM - 12:00 PM'],
    ['10am-12pm', '10:00 AM - 12:00 PM'],
    ['14:00 – 15:30', '2:00 PM - 3:30 PM'],
    ['9:30 AM', '9:30 AM'],
    ['11:00 PM - 1:00 AM', '11:00 PM - 1:00 AM'],
  ])('normalises %j to %j', (text, expected) => {
    expect(normaliseWorkshopTime(text)).toBe(expected);
  });

  it.each(['', 'noon', '10:00 AM - later', '1 - 2 - 3', '13:00 PM'])('refuses %j', (text) => {
    expect(normaliseWorkshopTime(text)).toBeNull();
  });

  it('wants the end after the start unless the range ends the next day', () => {
    expect(endsAfterStart('10:00 AM - 12:00 PM', false)).toBe(true);
    expect(endsAfterStart('10:00 AM - 10:00 AM', false)).toBe(false);
    expect(endsAfterStart('10:00 PM - 1:00 AM', false)).toBe(false);
    expect(endsAfterStart('10:00 PM - 1:00 AM', true)).toBe(true);
    expect(endsAfterStart('11:30 PM', false)).toBe(true);
  });

  it('converts to and from native time inputs', () => {
    expect(timeInputsFromWorkshopTime('10:00 AM - 12:30 PM')).toEqual({ start: '10:00', end: '12:30' });
    expect(timeInputsFromWorkshopTime('9:00 PM')).toEqual({ start: '21:00', end: '' });
    expect(timeInputsFromWorkshopTime('')).toEqual({ start: '', end: '' });
    expect(workshopTimeFromInputs('10:00', '12:00')).toBe('10:00 AM - 12:00 PM');
    expect(workshopTimeFromInputs('10:00', '')).toBe('10:00 AM');
    expect(workshopTimeFromInputs('', '12:00')).toBe('');
    expect(workshopTimeFromInputs('10:00', '10:00')).toBe('10:00 AM - 10:00 AM');
  });
});

describe('timezones', () => {
  it('knows the offered zones and older spellings, in any case', () => {
    for (const zone of ['EST', 'CST', 'MST', 'PST', 'UTC', 'pst', 'CET', 'EDT', 'America/Los_Angeles', 'asia/tokyo']) expect(isKnownTimezone(zone)).toBe(true);
    for (const zone of ['Mars/Olympus', '', '+05:00', 'XYZ']) expect(isKnownTimezone(zone)).toBe(false);
  });

  it('names the region in the picker', () => {
    expect(zoneOptionLabel('PST')).toBe('Pacific (Los Angeles) · PST');
    expect(zoneOptionLabel('CET')).toBe('Central Europe (Berlin) · CET');
    expect(zoneOptionLabel('America/New_York')).toBe('Eastern (New York)');
    expect(zoneOptionLabel('Mars/Olympus')).toBe('Mars/Olympus');
  });
});
