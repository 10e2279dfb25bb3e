import { runtimeTimeZone } from '../../../common/time-zones';

/**
 * Whether the booking form's newsletter box starts ticked (docs/decisions/024-newsletter-consent.md).
 * Ticked, as the product asks, except for a visitor whose browser points to a country where a
 * newsletter needs an opt-in given by ticking an empty box: the EU, the EEA and the United Kingdom
 * (with its Crown Dependencies and Gibraltar). Either sign is enough: the browser's first language
 * (its region, or the region its language is most likely spoken in) or its time zone.
 */

/** ISO 3166 codes of the EU, the other EEA countries and the UK with the places under its rules. */
const OPT_IN_COUNTRIES = new Set([
  // EU
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK',
  'SI', 'ES', 'SE',
  // the EU's outermost regions with their own code, and Åland
  'GF', 'GP', 'MQ', 'RE', 'YT', 'MF', 'AX',
  // EEA
  'IS', 'LI', 'NO',
  // UK, Crown Dependencies, Gibraltar
  'GB', 'GG', 'JE', 'IM', 'GI',
]);

/**
 * The time zones (IANA names, with the old aliases browsers still report) of those countries.
 * Intl names a zone but not its country, so the zones are listed here.
 */
const OPT_IN_ZONES = new Set([
  'Europe/Vienna', 'Europe/Brussels', 'Europe/Sofia', 'Europe/Zagreb', 'Asia/Nicosia', 'Asia/Famagusta', 'Europe/Nicosia', 'Europe/Prague',
  'Europe/Copenhagen', 'Europe/Tallinn', 'Europe/Helsinki', 'Europe/Mariehamn', 'Europe/Paris', 'Europe/Berlin', 'Europe/Busingen',
  'Europe/Athens', 'Europe/Budapest', 'Europe/Dublin', 'Eire', 'Europe/Rome', 'Europe/Riga', 'Europe/Vilnius', 'Europe/Luxembourg',
  'Europe/Malta', 'Europe/Amsterdam', 'Europe/Warsaw', 'Poland', 'Europe/Lisbon', 'Portugal', 'Atlantic/Madeira', 'Atlantic/Azores',
  'Europe/Bucharest', 'Europe/Bratislava', 'Europe/Ljubljana', 'Europe/Madrid', 'Africa/Ceuta', 'Atlantic/Canary', 'Europe/Stockholm',
  'America/Cayenne', 'America/Guadeloupe', 'America/Martinique', 'America/Marigot', 'Indian/Reunion', 'Indian/Mayotte',
  'Atlantic/Reykjavik', 'Iceland', 'Europe/Vaduz', 'Europe/Oslo', 'Arctic/Longyearbyen', 'Atlantic/Jan_Mayen',
  'Europe/London', 'Europe/Belfast', 'GB', 'GB-Eire', 'Europe/Guernsey', 'Europe/Jersey', 'Europe/Isle_of_Man', 'Europe/Gibraltar',
]);

/** The country a language tag points to: its own region, else where its language is most likely spoken. */
function regionOf(languageTag: string): string | undefined {
  try {
    return new Intl.Locale(languageTag).maximize().region;
  } catch {
    return undefined; // not a language tag
  }
}

export type VisitorSigns = { language: string | undefined; timeZone: string | undefined };

export function newsletterTickedByDefault({ language, timeZone }: VisitorSigns): boolean {
  if (timeZone && OPT_IN_ZONES.has(timeZone)) return false;
  const region = language ? regionOf(language) : undefined;
  return !(region && OPT_IN_COUNTRIES.has(region));
}

/** The signs this browser gives; none on the server, where the box keeps the product's default. */
export function browserVisitorSigns(): VisitorSigns {
  if (typeof navigator === 'undefined') return { language: undefined, timeZone: undefined };
  return { language: navigator.languages?.[0] ?? navigator.language, timeZone: runtimeTimeZone() };
}
