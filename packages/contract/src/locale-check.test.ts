import { describe, expect, it } from 'vitest';
import { localeProblems } from './locale-check.ts';

const en_US = { mail: { subject: 'Your code', footer: 'Valid for {{minutes}} minutes' } };
const languages = ['en_US', 'de_DE'];

describe('the locale check', () => {
  it('passes a complete translation', () => {
    const de_DE = { mail: { subject: 'Ihr Code', footer: '{{ minutes }} Minuten gültig' } };
    expect(localeProblems({ en_US, de_DE }, languages)).toEqual([]);
  });

  it('names a missing file, a missing, extra or empty key and a changed placeholder', () => {
    const de_DE = { mail: { subject: ' ', footer: '{minutes} Minuten gültig' }, extra: 'x' };
    expect(localeProblems({ en_US, de_DE, fr_FR: en_US }, languages)).toEqual([
      'fr_FR: not a language',
      'de_DE extra: not in en_US',
      'de_DE mail.subject: empty',
      'de_DE mail.footer: placeholders "", not "{{minutes}}"',
    ]);
    expect(localeProblems({ en_US }, languages)).toEqual(['de_DE: no file']);
    expect(localeProblems({ en_US, de_DE: { mail: {} } }, languages)).toEqual([
      'de_DE mail.subject: missing',
      'de_DE mail.footer: missing',
    ]);
  });
});
