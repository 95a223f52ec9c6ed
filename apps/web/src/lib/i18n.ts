import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, isLanguage, type ErrorCode, type Language } from '@plugboard/contract';
import type en from '../locales/en_US.json';
import { getStoredLanguage, setStoredLanguage } from './storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

// Translations are data, not code: every locale (English included) is a JSON asset fetched when needed, so that
// no dictionary weighs on the scripts and /login downloads only the language it shows (plus en_US, the fallback).
const localeUrls = import.meta.glob<string>('../locales/*.json', {
  query: '?url',
  import: 'default',
  eager: true,
});

export type LocaleSource = (language: string) => Promise<ResourceKey>;

async function fetchLocale(language: string): Promise<ResourceKey> {
  const url = localeUrls[`../locales/${language}.json`];
  if (!url) throw new Error(`No locale ${language}`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Locale ${language}: HTTP ${response.status}`);
  return (await response.json()) as ResourceKey;
}

let loadLocale: LocaleSource = fetchLocale;

/** Tests read the JSON files directly (their fetch is a fake server). */
export function setLocaleSource(source: LocaleSource): void {
  loadLocale = source;
}

const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    loadLocale(language).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

export const i18n = i18next;

/** Spec section 4: the stored language, or en_US (stored back) when it is missing or not a known language. */
export function resolveStartupLanguage(): Language {
  const stored = getStoredLanguage();
  if (isLanguage(stored)) return stored;
  setStoredLanguage(defaultLanguage);
  return defaultLanguage;
}

/** BCP 47 tag for <html lang>: en_US -> en-US. */
export const htmlLang = (language: string): string => language.replace('_', '-');

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = htmlLang(language);
});

export async function initI18n(): Promise<typeof i18next> {
  const language = resolveStartupLanguage();
  if (i18next.isInitialized) {
    await i18next.changeLanguage(language);
    return i18next;
  }
  await i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: defaultLanguage,
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
  return i18next;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : defaultLanguage;
}

/** Switches the interface at once and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  setStoredLanguage(language);
  await i18next.changeLanguage(language);
}

/** The translated catalogue message for a server code, or null when the catalogue has none. */
export function translateErrorCode(code: number): string | null {
  if (!i18next.exists(`errors.${code}`)) return null;
  // A catalogue key, whose message is a string (`exists` would narrow `key` to a type whose `t()` is any message,
  // groups of messages included).
  const key = `errors.${code}` as `errors.${ErrorCode}`;
  return i18next.t(key);
}
