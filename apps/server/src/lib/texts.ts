import { defaultLanguage, isLanguage, type Language } from '@plugboard/contract';
import de_DE from '../locales/de_DE.json' with { type: 'json' };
import en_US from '../locales/en_US.json' with { type: 'json' };
import es_ES from '../locales/es_ES.json' with { type: 'json' };
import fr_FR from '../locales/fr_FR.json' with { type: 'json' };
import it_IT from '../locales/it_IT.json' with { type: 'json' };
import nl_NL from '../locales/nl_NL.json' with { type: 'json' };
import pt_PT from '../locales/pt_PT.json' with { type: 'json' };
import zh_CN from '../locales/zh_CN.json' with { type: 'json' };

// The server's own words: mails and the sessions export are read outside the console, so the server writes them in
// the owner's language itself. Its locale files (src/locales) have the console's format, keys nested by use and
// `{{name}}` placeholders, and the same check (locales.test.ts there); they are read once, here, at start.

type Messages = { [key: string]: string | Messages };
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of en_US: a key that is not there fails the typecheck. */
export type TextKey = Leaves<typeof en_US>;
export type TextValues = Record<string, string | number>;

const locales: Record<Language, Messages> = { en_US, de_DE, nl_NL, fr_FR, it_IT, es_ES, zh_CN, pt_PT };

/** The language the server writes in for a stored or asked one: English for anything it does not know. */
export const textLanguage = (language: string | null | undefined): Language =>
  isLanguage(language) ? language : defaultLanguage;

/** `key`'s text in `language` (as `textLanguage` picks it), each `{{name}}` replaced by its value in `values`. */
export function text(language: string | null | undefined, key: TextKey, values: TextValues = {}): string {
  let node: string | Messages | undefined = locales[textLanguage(language)];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  // locales.test.ts makes every language have every key; the key itself shows if one is missing anyway.
  if (typeof node !== 'string') return key;
  // A function, so that a `$` in a value (a card id, a site's name) is put in as it is.
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}
