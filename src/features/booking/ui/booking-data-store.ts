import { useSyncExternalStore } from 'react';
import { bookingFormSchema, emptyBookingData, type SharedBookingData } from '../booking.schema';

/**
 * The shared booking data (spec §2): written by the booking section, read by /checkout. Kept in
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

/** After a completed booking: the next visit starts with an empty form. */
export function clearSharedBookingData() {
  current = emptyBookingData;
  try {
    sessionStorage.removeItem(STORAGE_KEY);
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
