import { describe, expect, it } from 'vitest';
import { detectSeparator, parseCsv, toCsv } from './csv';

const fields = (text: string) => parseCsv(text).map((record) => record.fields);

describe('CSV parser', () => {
  it('reads comma-separated records', () => {
    expect(fields('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('reads a semicolon-separated file, as spreadsheets write it where the decimal mark is a comma', () => {
    expect(detectSeparator('cardId;holder;group\n')).toBe(';');
    expect(fields('cardId;holder\nA1;Müller, Hans\n')).toEqual([
      ['cardId', 'holder'],
      ['A1', 'Müller, Hans'],
    ]);
  });

  it('keeps separators, quotes and line breaks inside quoted fields', () => {
    expect(fields('a,b\n"x, y","say ""hi"""\n"two\nlines",z\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', 'z'],
    ]);
  });

  it('drops the byte order mark Excel puts in front of UTF-8 files', () => {
    expect(fields('\uFEFFcardId,holder\nA1,Zoë\n')[0]).toEqual(['cardId', 'holder']);
  });

  it('reads CRLF line ends, and a last line without one', () => {
    expect(fields('a,b\r\n1,2\r\n3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('skips blank lines and rows of empty fields, keeping the line numbers of the file', () => {
    const records = parseCsv('a,b\r\n\r\n1,2\n,\n  \n"multi\nline",3\n4,5\n\n');
    expect(records.map((record) => [record.line, record.fields[0]])).toEqual([
      [1, 'a'],
      [3, '1'],
      [6, 'multi\nline'],
      [8, '4'],
    ]);
  });

  it('keeps empty fields between separators', () => {
    expect(fields('a,,c,\n')).toEqual([['a', '', 'c', '']]);
  });

  it('writes what it reads back, quoting only where needed', () => {
    const rows = [
      ['cardId', 'holder'],
      ['A1', 'Doe, "Jo"'],
      ['B2', 'two\nlines'],
      ['C3', ' padded '],
    ];
    const text = toCsv(rows);
    expect(text).toBe('cardId,holder\r\nA1,"Doe, ""Jo"""\r\nB2,"two\nlines"\r\nC3," padded "\r\n');
    expect(fields(text)).toEqual(rows);
  });
});
