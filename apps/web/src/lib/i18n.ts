import {
  cloneElement,
  createElement,
  Fragment,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { defaultLanguage, isLanguage, type ErrorCode, type Language } from '@plugboard/contract';
import type en from '../locales/en_US.json';
import { getStoredLanguage, setStoredLanguage } from './storage';
import { formatMessage, hasMessage, splitTags, type Messages, type TranslationValues } from './translate';

// The console's own i18n: the few things it used of i18next + react-i18next (about 15 KB gzip on /login), with the
// same names (`useTranslation` giving `{ t, i18n }`, `<Trans>`), so that a file written for react-i18next only
// changes its import. The message rules are in translate.ts.

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type PluralSuffix = '_zero' | '_one' | '_two' | '_few' | '_many' | '_other';
type WithoutPlural<K> = K extends `${infer Base}${PluralSuffix}` ? Base : K;

/** Every message key of en_US; a plural's keys count once, without their `_one` / `_other`. */
export type TranslationKey = WithoutPlural<Leaves<typeof en>>;
export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;
export type { Messages, TranslationValues };

// Translations are data, not code: every locale (English included) is a JSON asset fetched when needed, so that
// no dictionary weighs on the scripts and /login downloads only the language it shows (plus en_US, the fallback).
const localeUrls = import.meta.glob<string>('../locales/*.json', {
  query: '?url',
  import: 'default',
  eager: true,
});

export type LocaleSource = (language: string) => Promise<Messages>;

async function fetchLocale(language: string): Promise<Messages> {
  const url = localeUrls[`../locales/${language}.json`];
  if (!url) throw new Error(`No locale ${language}`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Locale ${language}: HTTP ${response.status}`);
  return (await response.json()) as Messages;
}

let loadLocale: LocaleSource = fetchLocale;

/** Tests read the JSON files directly (their fetch is a fake server). */
export function setLocaleSource(source: LocaleSource): void {
  loadLocale = source;
}

const catalogues = new Map<string, Messages>();

async function load(language: string): Promise<void> {
  if (catalogues.has(language)) return;
  try {
    catalogues.set(language, await loadLocale(language));
  } catch {
    // A language that did not load shows en_US's messages (or the keys), as with i18next; the next switch retries.
  }
}

type Snapshot = { language: Language; t: TFunction };

function snapshotOf(language: Language): Snapshot {
  const order = language === defaultLanguage ? [language] : [language, defaultLanguage];
  return { language, t: (key, values) => formatMessage(catalogues, order, key, values) };
}

let current = snapshotOf(defaultLanguage);
const listeners = new Set<() => void>();
let switches = 0;

async function switchTo(language: Language): Promise<void> {
  const switchNumber = ++switches;
  await Promise.all([load(language), load(defaultLanguage)]);
  if (switchNumber !== switches) return; // a later choice wins
  current = snapshotOf(language);
  document.documentElement.lang = htmlLang(language);
  for (const listener of listeners) listener();
}

/** BCP 47 tag for <html lang>: en_US -> en-US. */
export const htmlLang = (language: string): string => language.replace('_', '-');

/** Spec section 4: the stored language, or en_US (stored back) when it is missing or not a known language. */
export function resolveStartupLanguage(): Language {
  const stored = getStoredLanguage();
  if (isLanguage(stored)) return stored;
  setStoredLanguage(defaultLanguage);
  return defaultLanguage;
}

export function currentLanguage(): Language {
  return current.language;
}

/** Switches the interface at once and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  setStoredLanguage(language);
  await switchTo(language);
}

const translate: TFunction = (key, values) => current.t(key, values);

/** For code outside React (the api-client); components use `useTranslation`, which re-renders on a switch. */
export const i18n = {
  get language(): Language {
    return current.language;
  },
  t: translate,
  exists: (key: string): boolean => hasMessage(catalogues, [current.language, defaultLanguage], key),
  changeLanguage,
};

/** Loads the stored language (and en_US); the first paint waits for it, so it never shows bare keys. */
export async function initI18n(): Promise<typeof i18n> {
  await switchTo(resolveStartupLanguage());
  return i18n;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const getSnapshot = () => current;

/** `t` for the language in use; the component re-renders when the language changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  return { t: useSyncExternalStore(subscribe, getSnapshot).t, i18n };
}

/**
 * `t` in a given language, whatever the console's: a document written in its reader's language (an invoice's
 * preview). Shows en_US's messages until that language's catalogue has loaded, then re-renders.
 */
export function useLanguageT(language: Language): TFunction {
  const [, setLoads] = useState(0);
  useEffect(() => {
    if (catalogues.has(language)) return;
    let live = true;
    void load(language).then(() => {
      if (live) setLoads((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [language]);
  const ready = catalogues.has(language);
  return useMemo(() => snapshotOf(ready ? language : defaultLanguage).t, [language, ready]);
}

export type TransProps = {
  i18nKey: TranslationKey;
  values?: TranslationValues;
  /** The element each tag of the message becomes, with the tag's text as its children. */
  components?: Record<string, ReactElement>;
};

/** A message with markup: `Read the <terms>terms</terms>` with `components={{ terms: <Link /> }}`. */
export function Trans({ i18nKey, values, components = {} }: TransProps): ReactNode {
  const { t } = useTranslation();
  const parts = splitTags(t(i18nKey, values)).map((part, key) => {
    if (typeof part === 'string') return part;
    const element = components[part.tag];
    if (!element) return part.text;
    return part.text === undefined
      ? cloneElement(element, { key })
      : cloneElement(element, { key }, part.text);
  });
  return createElement(Fragment, null, ...parts);
}

/** The translated catalogue message for a server code, or null when the catalogue has none. */
export function translateErrorCode(code: number): string | null {
  const key = `errors.${code}`;
  // A catalogue key: locales.test.ts checks that en_US has every code of the contract's catalogue.
  return i18n.exists(key) ? i18n.t(key as `errors.${ErrorCode}`) : null;
}
