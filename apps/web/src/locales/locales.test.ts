import { describe, expect, it } from 'vitest';
import { errorCodes, languages } from '@plugboard/contract';

const locales = import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  if (typeof value !== 'object' || value === null) return { [prefix]: String(value) };
  return Object.assign(
    {},
    ...Object.entries(value).map(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key)),
  ) as Record<string, string>;
}

const flat = Object.fromEntries(
  Object.entries(locales).map(([file, json]) => [file.replace(/^\.\/|\.json$/g, ''), flatten(json)]),
);
const english = flat.en_US ?? {};
const englishKeys = Object.keys(english).sort();
const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();

describe('locale files', () => {
  it('exist for every language the console accepts', () => {
    expect(Object.keys(flat).sort()).toEqual([...languages].sort());
  });

  it.each(languages)('%s has exactly the keys of en_US, none empty, same placeholders', (language) => {
    const messages = flat[language] ?? {};
    expect(Object.keys(messages).sort()).toEqual(englishKeys);
    for (const key of englishKeys) {
      expect(messages[key]?.trim(), `${language} ${key}`).toBeTruthy();
      expect(placeholders(messages[key] ?? ''), `${language} ${key}`).toEqual(placeholders(english[key] ?? ''));
    }
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
