import { describe, expect, it } from 'vitest';
import { namedTexts } from './admin-resource';

type Code = { id: number; code: string };

describe('namedTexts', () => {
  const texts = namedTexts<Code>(
    { one: 'Discount Code', many: 'Discount Codes' },
    { created: (row) => `${row.code} added.`, updated: (row) => `${row.code} saved.`, deleted: (row) => `${row.code} gone.` },
  );
  const row = { id: 1, code: 'SPRING' };

  it('titles the toasts with the resource name and says what the tab says below', () => {
    expect(texts.created(row)).toEqual({ title: 'Discount Code Created', description: 'SPRING added.' });
    expect(texts.updated(row)).toEqual({ title: 'Discount Code Updated', description: 'SPRING saved.' });
    expect(texts.deleted(row)).toEqual({ title: 'Discount Code Deleted', description: 'SPRING gone.' });
  });

  it('names failures in lower case, as the specification writes them', () => {
    expect([texts.createFailed, texts.updateFailed, texts.deleteFailed]).toEqual([
      'Failed to create discount code',
      'Failed to update discount code',
      'Failed to delete discount code',
    ]);
    expect(texts.failure).toBeUndefined();
  });

  it('lets a tab replace any text', () => {
    const admins = namedTexts<Code>({ one: 'Admin', many: 'Admins' }, { created: () => '', updated: () => '', deleted: () => '' }, { createFailed: 'Failed to add admin' });
    expect(admins.createFailed).toBe('Failed to add admin');
    expect(admins.deleteFailed).toBe('Failed to delete admin');
  });
});
