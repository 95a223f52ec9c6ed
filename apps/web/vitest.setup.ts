import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n, setLocaleSource } from './src/lib/i18n';
import type { Messages } from './src/lib/i18n';

// CI runs the suites side by side on two cores: a lazy route's first load can take over the default 1 s (the
// overview once took 1.17 s), so findBy/waitFor wait up to 5 s; what appears sooner is found as soon.
configure({ asyncUtilTimeout: 5000 });

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
