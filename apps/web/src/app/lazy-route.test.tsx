import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../testing/fake-server';
import { renderRoute } from '../testing/render-route';
import { setToken } from '../lib/storage';

vi.mock('./routes/load', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/load-1234.js');
});

describe('a screen whose chunk cannot be fetched', () => {
  it('says the app was updated, inside the shell', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setToken('session-token');
    fakeServer();
    renderRoute('/load');
    const fallback = await screen.findByTestId('error-fallback');
    expect(fallback.textContent).toContain(
      'The app has been updated. Refresh the page to get the latest content.',
    );
    expect(within(fallback).getByTestId('error-fallback-refresh')).toBeTruthy();
    expect(screen.getByTestId('side-menu')).toBeTruthy();
  });
});
