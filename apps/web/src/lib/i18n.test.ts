import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from './i18n';
import { storageKeys } from './storage';

describe('interface language at start-up', () => {
  it('resets an unknown stored language to en_US and stores that', async () => {
    localStorage.setItem(storageKeys.language, 'klingon');
    await initI18n();
    expect(localStorage.getItem(storageKeys.language)).toBe('en_US');
    expect(i18n.language).toBe('en_US');
    expect(i18n.t('language.title')).toBe('Language');
  });

  it('stores en_US on a first visit', async () => {
    await initI18n();
    expect(localStorage.getItem(storageKeys.language)).toBe('en_US');
  });

  it('starts in a stored known language, including zh_CN', async () => {
    localStorage.setItem(storageKeys.language, 'de_DE');
    await initI18n();
    expect(i18n.t('language.title')).toBe('Sprache');
    expect(document.documentElement.lang).toBe('de-DE');

    localStorage.setItem(storageKeys.language, 'zh_CN');
    await initI18n();
    expect(localStorage.getItem(storageKeys.language)).toBe('zh_CN');
    expect(i18n.t('language.title')).toBe('语言');
  });
});

describe('choosing a language', () => {
  it('switches the interface and remembers the choice', async () => {
    await changeLanguage('fr_FR');
    expect(i18n.t('shell.logout')).toBe('Se déconnecter');
    expect(localStorage.getItem(storageKeys.language)).toBe('fr_FR');
    expect(document.documentElement.lang).toBe('fr-FR');
  });
});
