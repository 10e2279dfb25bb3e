import { describe, expect, it } from 'vitest';
import { newsletterTickedByDefault } from './newsletter-consent';

const ticked = (language: string | undefined, timeZone: string | undefined) => newsletterTickedByDefault({ language, timeZone });

describe('the newsletter box at booking', () => {
  it('starts ticked for a visitor outside the EU, the EEA and the UK, as the product asks', () => {
    expect(ticked('en-US', 'America/New_York')).toBe(true);
    expect(ticked('en', 'America/Los_Angeles')).toBe(true);
    expect(ticked('pt-BR', 'America/Sao_Paulo')).toBe(true);
    expect(ticked('fr-CA', 'America/Toronto')).toBe(true);
    expect(ticked('ja', 'Asia/Tokyo')).toBe(true);
    expect(ticked('en-AU', 'Australia/Sydney')).toBe(true);
    // A European zone outside those rules
    expect(ticked('en-US', 'Europe/Zurich')).toBe(true);
  });

  it('starts empty when the time zone is in the EU, the EEA or the UK, whatever the language', () => {
    for (const zone of ['Europe/Berlin', 'Europe/London', 'Europe/Dublin', 'Europe/Oslo', 'Atlantic/Reykjavik', 'Atlantic/Canary', 'Indian/Reunion', 'Asia/Nicosia']) {
      expect(ticked('en-US', zone), zone).toBe(false);
    }
  });

  it('starts empty when the browser language points to those countries, wherever the clock is', () => {
    // By the region the tag names
    expect(ticked('en-GB', 'America/New_York')).toBe(false);
    expect(ticked('en-IE', 'UTC')).toBe(false);
    expect(ticked('es-ES', 'America/Mexico_City')).toBe(false);
    // By where a language without region is most likely spoken
    expect(ticked('de', 'UTC')).toBe(false);
    expect(ticked('fr', 'UTC')).toBe(false);
    expect(ticked('pl', undefined)).toBe(false);
    expect(ticked('sv', undefined)).toBe(false);
  });

  it('keeps the default when the browser gives no sign or a broken one', () => {
    expect(ticked(undefined, undefined)).toBe(true);
    expect(ticked('not a tag!', 'Not/AZone')).toBe(true);
    expect(ticked('', '')).toBe(true);
  });
});
