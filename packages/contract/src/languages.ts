/** Interface languages, in the order of the language picker. */
export const uiLanguages = ['en_US', 'de_DE', 'nl_NL', 'fr_FR', 'it_IT', 'es_ES', 'pt_PT'] as const;

/** Every language value that may be stored (spec section 4); zh_CN is accepted as a stored value. */
export const languages = ['en_US', 'de_DE', 'nl_NL', 'fr_FR', 'it_IT', 'es_ES', 'zh_CN', 'pt_PT'] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = 'en_US';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Each language's own name, as the picker shows it. */
export const languageNames: Record<Language, string> = {
  en_US: 'English',
  de_DE: 'Deutsch',
  nl_NL: 'Nederlands',
  fr_FR: 'Français',
  it_IT: 'Italiano',
  es_ES: 'Español',
  pt_PT: 'Português',
  zh_CN: '中文',
};
