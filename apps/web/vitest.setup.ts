import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n, setLocaleSource } from './src/lib/i18n';
import type { Messages } from './src/lib/i18n';

// The browser fetches the locale files as assets; here they are read as modules.
const locales = import.meta.glob<Messages>('./src/locales/*.json', { import: 'default' });
setLocaleSource(async (language) => {
  const load = locales[`./src/locales/${language}.json`];
  if (!load) throw new Error(`No locale ${language}`);
  return load();
});

beforeEach(async () => {
  localStorage.clear();
  await initI18n();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
