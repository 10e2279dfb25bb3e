import { useSyncExternalStore } from 'react';
import { bookingFormSchema, emptyBookingData, type SharedBookingData } from '../booking.schema';

/**
 * The shared booking data: written by the booking section, read by /checkout. Kept in
 * sessionStorage so it survives a reload and the move between pages, and is gone with the tab.
 */
const STORAGE_KEY = 'booking-data';

let current: SharedBookingData | undefined;
const listeners = new Set<() => void>();

function load(): SharedBookingData {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return emptyBookingData;
    // Only data that passed the booking form's own schema is ever stored; anything else is stale.
    const parsed = bookingFormSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyBookingData;
  } catch {
    return emptyBookingData;
  }
}

export function getSharedBookingData(): SharedBookingData {
  current ??= load();
  return current;
}

export function setSharedBookingData(data: SharedBookingData) {
  current = data;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(data));
  } catch {
    // Storage may be full or blocked (private mode); the data still lives for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSharedBookingData(): SharedBookingData {
  return useSyncExternalStore(subscribe, getSharedBookingData, () => emptyBookingData);
}

const CHECKOUT_KEY = 'checkout-key';
let checkoutKey: string | undefined;

/**
 * This tab's checkout, named for the server: asked again with it (a reload, a double click, BACK
 * and on again) the payment it opened is the one answered, so one checkout is one payment. A new
 * key comes with the next booking, once this one is done (clearSharedBookingData).
 */
export function currentCheckoutKey(): string {
  if (checkoutKey) return checkoutKey;
  try {
    checkoutKey = sessionStorage.getItem(CHECKOUT_KEY) ?? undefined;
  } catch {
    // Storage blocked: the key lives for this page.
  }
  if (!checkoutKey) {
    // getRandomValues, unlike randomUUID, works on a plain-http address too.
    checkoutKey = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
    try {
      sessionStorage.setItem(CHECKOUT_KEY, checkoutKey);
    } catch {
      // As above.
    }
  }
  return checkoutKey;
}

/** After a completed booking: the next visit starts with an empty form and a new checkout. */
export function clearSharedBookingData() {
  current = emptyBookingData;
  checkoutKey = undefined;
  try {
    sessionStorage.removeItem(STORAGE_KEY);
    sessionStorage.removeItem(CHECKOUT_KEY);
  } catch {
    // Storage blocked: nothing was stored either.
  }
  for (const listener of listeners) listener();
}

const ORIGIN_KEY = 'booking-form-page';
/** Only the site's own pages: a stored value can never send BACK elsewhere. */
const SAFE_PAGE = /^\/(?!\/)[A-Za-z0-9/_-]*$/;

/** The page whose booking form sent the visitor to the checkout ('/' or '/intro'). */
export function rememberBookingFormPage(path: string) {
  try {
    sessionStorage.setItem(ORIGIN_KEY, path);
  } catch {
    // Storage blocked: BACK falls back to the landing page's form.
  }
}

/** Where checkout's BACK goes: the booking form it came from, scrolled to ('/#booking' by default). */
export function bookingFormReturnPath(): string {
  let page: string | null = null;
  try {
    page = sessionStorage.getItem(ORIGIN_KEY);
  } catch {
    // Storage blocked.
  }
  return `${page && SAFE_PAGE.test(page) ? page : '/'}#booking`;
}
