import { STRATEGY_NOTE_CATEGORIES, type StrategyNote, type StrategyNoteCategory } from './strategy-notes.schema';

/** What the tab's category filter can hold: every note, the uncategorised ones, or one category. */
export type CategoryFilter = 'all' | 'none' | StrategyNoteCategory;

export function isCategoryFilter(value: string): value is CategoryFilter {
  return value === 'all' || value === 'none' || (STRATEGY_NOTE_CATEGORIES as readonly string[]).includes(value);
}

export function matchesCategory(note: Pick<StrategyNote, 'category'>, filter: CategoryFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'none') return note.category === null;
  return note.category === filter;
}

/** Active and archived notes that pass the filter, each in list order. */
export function splitNotes(notes: readonly StrategyNote[], filter: CategoryFilter): { active: StrategyNote[]; archived: StrategyNote[] } {
  const active: StrategyNote[] = [];
  const archived: StrategyNote[] = [];
  for (const note of notes) {
    if (!matchesCategory(note, filter)) continue;
    (note.isArchived ? archived : active).push(note);
  }
  return { active, archived };
}
