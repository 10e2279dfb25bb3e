import { describe, expect, it } from 'vitest';
import { isCategoryFilter, sortNotes, splitNotes, upsertNote } from './notes-list';
import type { StrategyNote } from './strategy-notes.schema';

function note(id: number, updatedAt: string, extra: Partial<StrategyNote> = {}): StrategyNote {
  return { id, title: `Note ${id}`, content: 'x', category: null, isArchived: false, createdAt: updatedAt, updatedAt, ...extra };
}

describe('sortNotes', () => {
  it('puts the most recently updated first, the newer id first on a tie', () => {
    const sorted = sortNotes([note(1, '2031-01-01T00:00:00Z'), note(2, '2031-03-01T00:00:00Z'), note(3, '2031-01-01T00:00:00Z')]);
    expect(sorted.map((n) => n.id)).toEqual([2, 3, 1]);
  });
});

describe('upsertNote', () => {
  it('adds a new note in order and replaces an edited one', () => {
    const list = [note(1, '2031-02-01T00:00:00Z'), note(2, '2031-01-01T00:00:00Z')];
    expect(upsertNote(list, note(3, '2031-03-01T00:00:00Z')).map((n) => n.id)).toEqual([3, 1, 2]);
    const edited = upsertNote(list, note(2, '2031-04-01T00:00:00Z', { title: 'Edited' }));
    expect(edited.map((n) => n.id)).toEqual([2, 1]);
    expect(edited[0]!.title).toBe('Edited');
    expect(upsertNote(undefined, note(9, '2031-01-01T00:00:00Z')).map((n) => n.id)).toEqual([9]);
  });
});

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
