import { useSyncExternalStore } from 'react';
import { DEFAULT_TIME_ZONE_CHOICE, parseStoredChoice, TIME_ZONE_STORAGE_KEY } from './timezone';

/**
 * The viewer's choice, remembered in localStorage for the next visit and shared by every booking
 * section on the page (and by other tabs, through the storage event).
 */
const listeners = new Set<() => void>();

function read(): string {
  try {
    return parseStoredChoice(localStorage.getItem(TIME_ZONE_STORAGE_KEY));
  } catch {
    // Storage blocked (private mode, policy): the default applies.
    return DEFAULT_TIME_ZONE_CHOICE;
  }
}

let current: string | undefined;
const getChoice = () => (current ??= read());

function setChoice(value: string) {
  current = parseStoredChoice(value);
  try {
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, current);
  } catch {
    // Not remembered next time; still applied now.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TIME_ZONE_STORAGE_KEY) return;
    current = read();
    listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useTimeZoneChoice(): [string, (value: string) => void] {
  const choice = useSyncExternalStore(subscribe, getChoice, () => DEFAULT_TIME_ZONE_CHOICE);
  return [choice, setChoice];
}
