import { describe, expect, it } from 'vitest';
import { isCategoryFilter, splitNotes } from './notes-list';
import type { StrategyNote } from './strategy-notes.schema';

function note(id: number, updatedAt: string, extra: Partial<StrategyNote> = {}): StrategyNote {
  return { id, title: `Note ${id}`, content: 'x', category: null, isArchived: false, createdAt: updatedAt, updatedAt, ...extra };
}

describe('splitNotes', () => {
  const notes = [
    note(1, '2031-01-05T00:00:00Z', { category: 'feedback' }),
    note(2, '2031-01-04T00:00:00Z', { category: 'feedback', isArchived: true }),
    note(3, '2031-01-03T00:00:00Z'),
    note(4, '2031-01-02T00:00:00Z', { isArchived: true }),
  ];

  it('separates active from archived notes', () => {
    const { active, archived } = splitNotes(notes, 'all');
    expect(active.map((n) => n.id)).toEqual([1, 3]);
    expect(archived.map((n) => n.id)).toEqual([2, 4]);
  });

  it('filters by one category or by none', () => {
    expect(splitNotes(notes, 'feedback')).toMatchObject({ active: [{ id: 1 }], archived: [{ id: 2 }] });
    expect(splitNotes(notes, 'none')).toMatchObject({ active: [{ id: 3 }], archived: [{ id: 4 }] });
    expect(splitNotes(notes, 'resources')).toEqual({ active: [], archived: [] });
  });
});

describe('isCategoryFilter', () => {
  it('knows the filter values', () => {
    expect(['all', 'none', 'preparation', 'feedback'].every(isCategoryFilter)).toBe(true);
    expect(isCategoryFilter('other')).toBe(false);
  });
});
