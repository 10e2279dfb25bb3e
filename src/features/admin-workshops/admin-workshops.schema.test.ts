import { describe, expect, it } from 'vitest';
import { NEW_WORKSHOP_DEFAULTS, workshopFormSchema, type WorkshopForm } from './admin-workshops.schema';

function messages(form: Partial<WorkshopForm> & Record<string, unknown>) {
  const parsed = workshopFormSchema.safeParse({ ...NEW_WORKSHOP_DEFAULTS, ...form });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('workshopFormSchema', () => {
  it('reports the cross-field rules together with field errors, so the form shows them all at once', () => {
    expect(messages({ seatsTotal: 0 })).toEqual({
      seatsTotal: 'Must have at least one seat',
      templateId: 'Either select a template or provide a title',
      date: 'Either mark as TBC or provide both date and time',
    });
  });

  it('accepts a template instead of a title, and TBC instead of a date and time', () => {
    expect(messages({ templateId: 3, isTBC: true })).toEqual({});
  });

  it('reads a blank seats or price input (NaN) as the minimum rule', () => {
    expect(messages({ title: 'T', isTBC: true, seatsTotal: Number.NaN, price: Number.NaN })).toEqual({
      seatsTotal: 'Must have at least one seat',
      price: 'Price must be at least $1',
    });
  });

  it('checks the zoom link only when one is given', () => {
    expect(messages({ title: 'T', isTBC: true, zoomLink: '' })).toEqual({});
    expect(messages({ title: 'T', isTBC: true, zoomLink: 'https://zoom.us/j/1' })).toEqual({});
    expect(messages({ title: 'T', isTBC: true, zoomLink: 'javascript:alert(1)' })).toEqual({ zoomLink: 'Please enter a valid Zoom link' });
  });

  it('requires one of the timezones the server knows', () => {
    expect(messages({ title: 'T', isTBC: true, timezone: '' })).toEqual({ timezone: 'Timezone is required' });
    expect(messages({ title: 'T', isTBC: true, timezone: 'Mars' })).toEqual({ timezone: 'Please choose a time zone, like PST or America/Los_Angeles' });
  });
});
