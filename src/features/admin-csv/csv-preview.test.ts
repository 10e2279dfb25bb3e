import { describe, expect, it } from 'vitest';
import { findCsvRowProblems } from './csv-preview';

describe('findCsvRowProblems', () => {
  it('finds nothing wrong in rows the import takes', () => {
    const rows = [
      { id: '', code: 'SPRING', description: 'Spring sale', discountPercent: '25', isActive: 'true', expiresAt: '', maxUses: '5' },
      { id: '', code: 'autumn', description: 'Autumn', discountPercent: '', isActive: '', expiresAt: '2031-07-04', maxUses: '' },
    ];
    expect(findCsvRowProblems('discountCodes', rows)).toEqual([]);
  });

  it('names each refused row by its number in the file, with the import’s own message', () => {
    const rows = [
      { code: 'FINE', description: 'Fine', discountPercent: '10' },
      { code: 'TOOMUCH', description: 'Too much', discountPercent: '500' },
      { code: 'FINE2', description: 'Fine too', discountPercent: '10' },
      { code: 'NO DESC', description: '', discountPercent: '10' },
    ];
    expect(findCsvRowProblems('discountCodes', rows)).toEqual([
      { row: 2, message: 'Row 2: Discount must be between 1 and 100 percent' },
      { row: 4, message: 'Row 4: Code may only contain letters, digits, hyphens (-) and underscores (_)' },
    ]);
  });

  it('checks each entity against its own schema', () => {
    expect(findCsvRowProblems('users', [{ email: 'ana@example.com' }, { email: 'not an address' }])).toEqual([{ row: 2, message: 'Row 2: Please enter a valid email address' }]);
  });
});
