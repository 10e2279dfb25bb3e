import { useSyncExternalStore } from 'react';
import { refusalMessage } from '../../lib/api-client';

/**
 * The toast queue: one visible at a time. `toast()` works from anywhere; the Radix
 * <Toaster /> that renders the queue loads after the first paint, so nothing here imports it.
 */

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: { label: string; altText: string; onClick: () => void };
};

export type ToastItem = ToastInput & { id: number; open: boolean };

const TOAST_LIMIT = 1;
/** A dismissed toast stays in the queue (closed) this long; spec §9 keeps the original's value. */
const TOAST_REMOVE_DELAY_MS = 1_000_000;

let items: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<() => void>();

function setItems(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number) {
  setItems(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => setItems(items.filter((item) => item.id !== id)), TOAST_REMOVE_DELAY_MS);
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = ++nextId;
  setItems([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getItems = () => items;

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getItems, getItems);
}

/** A failed admin action: the server's reason for a refusal, else 'Please try again.'. */
export function failureToast(title: string, error: unknown): void {
  toast({ title, description: refusalMessage(error) ?? 'Please try again.', variant: 'destructive' });
}
