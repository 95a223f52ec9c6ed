import { describe, expect, it } from 'vitest';
import { errorCodes, languages } from '@plugboard/contract';
import { flattenMessages, localeProblems } from '@plugboard/contract/locale-check';

const files = import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });
const locales = Object.fromEntries(
  Object.entries(files).map(([file, json]) => [file.replace(/^\.\/|\.json$/g, ''), json]),
);
const flat = Object.fromEntries(Object.entries(locales).map(([name, json]) => [name, flattenMessages(json)]));
const english = flat.en_US ?? {};
const englishKeys = Object.keys(english);

describe('locale files', () => {
  it('exist for every language the console accepts, each with the keys of en_US, none empty, same placeholders', () => {
    expect(localeProblems(locales, languages)).toEqual([]);
  });

  it('translates every code of the error catalogue, plus the generic messages', () => {
    for (const code of errorCodes) expect(english[`errors.${code}`], `errors.${code}`).toBeTruthy();
    for (const key of ['errors.generic', 'errors.appUpdated', 'errors.somethingWrong']) {
      expect(english[key]).toBeTruthy();
    }
  });

  it.each(languages.filter((language) => language !== 'en_US'))('%s is a translation, not a copy', (language) => {
    const messages = flat[language] ?? {};
    const copied = englishKeys.filter((key) => messages[key] === english[key]);
    // Names and short words (Plugboard, OK, Version {{version}}) may legitimately be the same.
    expect(copied.length, copied.join(', ')).toBeLessThan(englishKeys.length * 0.1);
  });
});
