// The message rules of the console's locale files, the subset of i18next's JSON format they use: keys nested by
// feature and read with dots, `{{name}}` placeholders, plurals as `key_one` / `key_other` (Intl.PluralRules, plus
// `key_zero` for a count of 0), and the language's message falling back to en_US's, then to the key itself.
// No HTML escaping: React escapes what it renders.

export type Messages = { [key: string]: string | Messages };
/** What a message's placeholders take (`count` also picks the plural). */
export type TranslationValues = Record<string, string | number | boolean | null | undefined>;

function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: Messages | string | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language.replace('_', '-'));
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** A `{{name}}` whose value was not given stays as it is (as in i18next), so a missing value shows rather than hides. */
function interpolate(message: string, values: TranslationValues | undefined): string {
  if (!values) return message;
  return message.replace(/\{\{([^{}]+)\}\}/g, (placeholder, name: string) => {
    const key = name.trim();
    if (!Object.hasOwn(values, key)) return placeholder;
    const value = values[key];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** The message of `key` in the first of `languages` that has one, with `values` put in; the key when none has. */
export function formatMessage(
  catalogues: ReadonlyMap<string, Messages>,
  languages: readonly string[],
  key: string,
  values?: TranslationValues,
): string {
  const count = values?.count;
  for (const language of languages) {
    const messages = catalogues.get(language);
    const candidates =
      typeof count === 'number'
        ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralCategory(language, count)}`, key]
        : [key];
    for (const candidate of candidates) {
      const message = lookup(messages, candidate);
      if (message !== undefined) return interpolate(message, values);
    }
  }
  return key;
}

export function hasMessage(
  catalogues: ReadonlyMap<string, Messages>,
  languages: readonly string[],
  key: string,
): boolean {
  return languages.some((language) => lookup(catalogues.get(language), key) !== undefined);
}

/** `text` is undefined for a self-closing tag. */
export type TaggedText = { tag: string; text: string | undefined };

/**
 * Splits a message with named tags (`Read the <terms>terms</terms>`) into its text and tagged parts, for <Trans>.
 * Tags do not nest; a self-closing `<br/>` has no text.
 */
export function splitTags(message: string): (string | TaggedText)[] {
  const parts: (string | TaggedText)[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/gs;
  let last = 0;
  for (const match of message.matchAll(pattern)) {
    if (match.index > last) parts.push(message.slice(last, match.index));
    parts.push({ tag: match[1] ?? match[3] ?? '', text: match[2] });
    last = match.index + match[0].length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return parts;
}
