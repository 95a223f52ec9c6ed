import { vi } from 'vitest';

/**
 * A phone-wide window for the rest of the test: MUI's `down('sm')` (a max-width query) matches, min-width queries do
 * not. The setup's afterEach unstubs it.
 */
export function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
