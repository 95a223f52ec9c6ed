import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, isLanguage, type ErrorCode, type Language } from '@plugboard/contract';
import en from '../locales/en_US.json';
import { getStoredLanguage, setStoredLanguage } from './storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

// English ships with the first script (it is also the fallback); the other locales are separate chunks fetched when
// chosen, so that /login does not download eight dictionaries.
const lazyLocales = import.meta.glob<ResourceKey>(['../locales/*.json', '!../locales/en_US.json'], {
  import: 'default',
});

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = lazyLocales[`../locales/${language}.json`];
    if (!load) {
      callback(new Error(`No locale ${language}`), false);
      return;
    }
    load().then(
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
    .use(lazyLocaleBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: defaultLanguage,
      resources: { [defaultLanguage]: { translation: en } },
      partialBundledLanguages: true,
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
