import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages } from '@plugboard/contract';
import { localeProblems } from '@plugboard/contract/locale-check';

// Every file of the folder, so that a misnamed one shows too (lib/texts.ts imports only the languages').
const folder = new URL('./', import.meta.url);
const locales = Object.fromEntries(
  readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.slice(0, -'.json'.length), JSON.parse(readFileSync(new URL(file, folder), 'utf8'))]),
);

describe("the server's locale files", () => {
  it('exist for every stored language, each with the keys of en_US, none empty, same placeholders', () => {
    expect(localeProblems(locales, languages)).toEqual([]);
  });
});
