import { createContext, useContext, type ComponentType } from 'react';
import type { PublicWorkshopDate } from '../../workshops';

/**
 * What a booked-out date's card offers instead of booking it (the waiting list's join button).
 * The booking feature sits below the waiting list (docs/decisions/013-import-boundaries.md), so
 * the app hands the component in here rather than the date list importing it.
 */
export type BookedOutAction = ComponentType<{ date: PublicWorkshopDate }>;

const BookedOutActionContext = createContext<BookedOutAction | null>(null);

export const BookedOutActionProvider = BookedOutActionContext.Provider;

export function useBookedOutAction(): BookedOutAction | null {
  return useContext(BookedOutActionContext);
}
