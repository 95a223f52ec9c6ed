// The check of a set of locale files (the console's and the server's share one format: keys nested by use,
// `{{name}}` placeholders), for their tests: `@plugboard/contract/locale-check`, not part of the package's index.

/** A locale file's messages by dotted key (`mail.subject.register`). */
export function flattenMessages(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  if (typeof value !== 'object' || value === null) return { [prefix]: String(value) };
  return Object.assign(
    {},
    ...Object.entries(value).map(([key, child]) => flattenMessages(child, prefix ? `${prefix}.${key}` : key)),
  ) as Record<string, string>;
}

/** `{{ name }}` and `{{name}}` are the same placeholder to both readers (the console's and the server's). */
const placeholders = (text: string) =>
  Array.from(text.matchAll(/\{\{\s*(\w+)\s*\}\}/g), (match) => `{{${match[1]}}}`)
    .sort()
    .join(' ');

/**
 * What is wrong with `locales` (file name without `.json` -> its parsed JSON), one line per problem, none when
 * each of `languages` has a file with exactly the keys of `reference`'s, none empty, with the same placeholders.
 */
export function localeProblems(
  locales: Readonly<Record<string, unknown>>,
  languages: readonly string[],
  reference = 'en_US',
): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(locales)) {
    if (!languages.includes(name)) problems.push(`${name}: not a language`);
  }
  const english = flattenMessages(locales[reference] ?? {});
  for (const language of languages) {
    if (!(language in locales)) {
      problems.push(`${language}: no file`);
      continue;
    }
    const messages = flattenMessages(locales[language]);
    for (const key of Object.keys(messages)) {
      if (!(key in english)) problems.push(`${language} ${key}: not in ${reference}`);
    }
    for (const [key, text] of Object.entries(english)) {
      const message = messages[key];
      if (message === undefined) problems.push(`${language} ${key}: missing`);
      else if (message.trim() === '') problems.push(`${language} ${key}: empty`);
      else if (placeholders(message) !== placeholders(text)) {
        problems.push(
          `${language} ${key}: placeholders "${placeholders(message)}", not "${placeholders(text)}"`,
        );
      }
    }
  }
  return problems;
}
