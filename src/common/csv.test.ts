import { describe, expect, it } from 'vitest';
import { CSV_BOM, CsvParseError, csvToObjects, formatCsv, formatCsvField, formatCsvRecord, guardFormula, parseCsv, unguardFormula } from './csv';

describe('formatCsvField', () => {
  it('leaves plain text, numbers and booleans bare', () => {
    expect(formatCsvField('Warm-up exercise')).toBe('Warm-up exercise');
    expect(formatCsvField(499)).toBe('499');
    expect(formatCsvField(4.5)).toBe('4.5');
    expect(formatCsvField(-5)).toBe('-5');
    expect(formatCsvField(true)).toBe('true');
    expect(formatCsvField(false)).toBe('false');
  });

  it('writes null, undefined and non-finite numbers as empty', () => {
    expect(formatCsvField(null)).toBe('');
    expect(formatCsvField(undefined)).toBe('');
    expect(formatCsvField(Number.NaN)).toBe('');
  });

  it('writes dates as ISO instants', () => {
    expect(formatCsvField(new Date(Date.UTC(2031, 6, 4, 17, 0, 0)))).toBe('2031-07-04T17:00:00.000Z');
  });

  it('quotes commas, quotes, CR and LF, doubling the quotes', () => {
    expect(formatCsvField('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(formatCsvField('She said "hi"')).toBe('"She said ""hi"""');
    expect(formatCsvField('line one\nline two')).toBe('"line one\nline two"');
    expect(formatCsvField('line one\r\nline two')).toBe('"line one\r\nline two"');
  });

  it('quotes spaces at either end so spreadsheets keep them', () => {
    expect(formatCsvField(' padded ')).toBe('" padded "');
  });

  it('guards text that a spreadsheet would run as a formula', () => {
    expect(formatCsvField('=SUM(1)')).toBe("'=SUM(1)");
    expect(formatCsvField('+1 555 0100')).toBe("'+1 555 0100");
    expect(formatCsvField('-negative')).toBe("'-negative");
    expect(formatCsvField('@handle')).toBe("'@handle");
    expect(formatCsvField('\tindented')).toBe('"\'\tindented"');
    expect(formatCsvField('\rcarriage')).toBe('"\'\rcarriage"');
    expect(formatCsvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });
});

describe('formula guard whatever the separator', () => {
  const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];

  it('guards each trigger at the start and right after ";", "," and tab, and quotes the cell', () => {
    for (const trigger of TRIGGERS) {
      const formula = `${trigger}cmd|' /C calc'!A0`;
      expect(guardFormula(formula)).toBe(`'${formula}`);
      for (const separator of [';', ',', '\t']) {
        const cell = `a${separator}${formula}`;
        expect(guardFormula(cell)).toBe(`a${separator}'${formula}`);
        // Quoted too: a reader honouring quotes keeps the whole text in one cell.
        expect(formatCsvField(cell)).toBe(`"a${separator}'${formula.replace(/"/g, '""')}"`);
        expect(unguardFormula(guardFormula(cell))).toBe(cell);
      }
    }
  });

  it("writes Excel's semicolon-locale split inert: no ';'-separated part starts a formula", () => {
    const field = formatCsvField("a;=cmd|' /C calc'!A0");
    expect(field).toBe(`"a;'=cmd|' /C calc'!A0"`);
    // Even a reader that ignores the quotes and splits on ';' finds no cell starting a formula.
    for (const part of field.replace(/^"|"$/g, '').split(/[;,\t]/)) expect(part).not.toMatch(/^[=+\-@]/);
  });

  it('quotes a semicolon or tab even with no formula, leaving other text alone', () => {
    expect(formatCsvField('a;b')).toBe('"a;b"');
    expect(formatCsvField('a\tb')).toBe('"a\tb"');
    expect(guardFormula('a; b=c, d-e')).toBe('a; b=c, d-e');
    expect(guardFormula('Warm-up')).toBe('Warm-up');
    // A line break inside a (quoted) cell is no separator: markdown lists stay as written.
    expect(guardFormula('- one\n- two')).toBe("'- one\n- two");
  });

  it('reads a guarded file back exactly', () => {
    const row = ['a;=1+1', 'b,@SUM(A1)', 'c;;-2', "d;'+3"];
    expect(csvToObjects(formatCsv(['w', 'x', 'y', 'z'], [row])).rows).toEqual([{ w: row[0], x: row[1], y: row[2], z: row[3] }]);
  });
});

describe('guardFormula and unguardFormula', () => {
  it('strips exactly the quote the guard added', () => {
    expect(unguardFormula("'=SUM(1)")).toBe('=SUM(1)');
    expect(unguardFormula("''=SUM(1)")).toBe("'=SUM(1)");
    expect(unguardFormula("'quoted")).toBe("'quoted");
    expect(unguardFormula("'")).toBe("'");
    expect(unguardFormula('plain')).toBe('plain');
  });

  it('keeps text that already starts with a quote before a formula character', () => {
    expect(guardFormula("'=x")).toBe("''=x");
    expect(unguardFormula(guardFormula("'=x"))).toBe("'=x");
    expect(guardFormula("'plain")).toBe("'plain");
  });
});

describe('formatCsv', () => {
  it('starts with a BOM, ends every record with CRLF', () => {
    const file = formatCsv(['id', 'title'], [[1, 'A'], [2, 'B, C']]);
    expect(file).toBe(`${CSV_BOM}id,title\r\n1,A\r\n2,"B, C"\r\n`);
  });

  it('can leave the BOM out', () => {
    expect(formatCsv(['a'], [], { bom: false })).toBe('a\r\n');
  });

  it('keeps a row of empty values as a row', () => {
    expect(formatCsvRecord(['', null])).toBe('"",');
    expect(csvToObjects(formatCsv(['a', 'b'], [['', null]])).rows).toEqual([{ a: '', b: '' }]);
    expect(csvToObjects(formatCsv(['a'], [[''], ['']])).rows).toEqual([{ a: '' }, { a: '' }]);
  });
});

describe('parseCsv', () => {
  it('reads LF and CRLF records', () => {
    expect(parseCsv('a,b\nc,d')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(parseCsv('a,b\r\nc,d\r\n')).toEqual([['a', 'b'], ['c', 'd']]);
  });

  it('reads old Mac CR line endings', () => {
    expect(parseCsv('a,b\rc,d\r')).toEqual([['a', 'b'], ['c', 'd']]);
  });

  it('strips a BOM and ignores a trailing newline', () => {
    expect(parseCsv(`${CSV_BOM}id\n1\n`)).toEqual([['id'], ['1']]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('"a,b","say ""hi""","x\r\ny"\r\n')).toEqual([['a,b', 'say "hi"', 'x\r\ny']]);
  });

  it('reads empty fields, quoted or not', () => {
    expect(parseCsv('a,,""\n,,\n1,2,3')).toEqual([['a', '', ''], ['', '', ''], ['1', '2', '3']]);
  });

  it('drops blank lines and lines of bare commas at the end only', () => {
    expect(parseCsv('h\n1\n\n2\n\n\n')).toEqual([['h'], ['1'], [''], ['2']]);
    expect(parseCsv('a,b\n1,2\n,\n,\n')).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('keeps a quote inside an unquoted field as text', () => {
    expect(parseCsv('5" screen,x')).toEqual([['5" screen', 'x']]);
  });

  it('reads an empty file as no records', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv(CSV_BOM)).toEqual([]);
    expect(parseCsv('\r\n')).toEqual([]);
  });

  it('refuses a quoted value that is never closed, naming its row', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow(CsvParseError);
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow('The file is not valid CSV: a quoted value on row 1 is never closed');
    expect(() => parseCsv('"a,b\n')).toThrow('The file is not valid CSV: a quoted value in the header is never closed');
  });
});

describe('csvToObjects', () => {
  it('keys rows by trimmed header names and removes formula guards', () => {
    const { header, rows } = csvToObjects(`${CSV_BOM} id , title ,note\r\n1,"'=SUM(1)",x\r\n2,short\r\n`);
    expect(header).toEqual(['id', 'title', 'note']);
    expect(rows).toEqual([
      { id: '1', title: '=SUM(1)', note: 'x' },
      { id: '2', title: 'short', note: '' },
    ]);
  });

  it('ignores cells beyond the header and columns without a name', () => {
    expect(csvToObjects('a,,b\n1,2,3,4').rows).toEqual([{ a: '1', b: '3' }]);
  });
});

/** A small seeded generator (mulberry32): the same cases on every run, no extra dependency. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = ['a', 'Z', '0', ' ', ',', '"', "'", '\r', '\n', '\r\n', '\t', '=', '+', '-', '@', 'é', '€', '😀', ';'];

describe('round trip (property)', () => {
  it('reads back exactly what it wrote, for 500 random tables of text', () => {
    const next = random(20240607);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const text = () => Array.from({ length: Math.floor(next() * 8) }, () => pick(ALPHABET)).join('');
    for (let run = 0; run < 500; run++) {
      const columns = 1 + Math.floor(next() * 4);
      const header = Array.from({ length: columns }, (_, i) => `col${i}`);
      const rows = Array.from({ length: Math.floor(next() * 5) }, () => Array.from({ length: columns }, text));
      const file = formatCsv(header, rows);
      const parsed = csvToObjects(file);
      expect(parsed.header).toEqual(header);
      expect(parsed.rows).toEqual(rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]]))));
    }
  });

  it('unguardFormula undoes guardFormula for any text', () => {
    const next = random(7);
    for (let run = 0; run < 2000; run++) {
      const value = Array.from({ length: Math.floor(next() * 6) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('');
      expect(unguardFormula(guardFormula(value))).toBe(value);
    }
  });
});
