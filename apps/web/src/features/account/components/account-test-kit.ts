import { fireEvent, screen } from '@testing-library/react';
import type { UserInfo } from '@plugboard/contract';
import { setToken } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { renderRoute } from '../../../testing/render-route';
import { userInfoPath } from '../api/get-user-info';
import { updateUserPath } from '../api/update-user';

export const anAccount = (overrides: Partial<UserInfo> = {}): UserInfo => ({
  id: 11,
  email: 'ada@example.com',
  name: 'Ada',
  companyName: 'Analytical Engines Ltd',
  companyAddress: '1 Engine Street',
  vatNumber: 'GB123',
  language: 'en_US',
  avatar: null,
  ...overrides,
});

/**
 * A signed-in console at /account whose server holds `user`, recording every request. `accountBecomes` is what
 * the server holds after the next update: the update answers it, and so do later reads of the account.
 */
export async function openAccount(answers: Parameters<typeof fakeServer>[0] = {}, user = anAccount()) {
  setToken('session-token');
  const table: NonNullable<Parameters<typeof fakeServer>[0]> = {
    [userInfoPath]: envelope(200, 'success', user),
    ...answers,
  };
  const server = fakeServer(table);
  const view = renderRoute('/account');
  // The first visit loads the layout and the page chunks: slower than a click when the whole suite runs.
  await screen.findByTestId('account-page', {}, { timeout: 5000 });
  const accountBecomes = (next: UserInfo) => {
    table[updateUserPath] = envelope(200, 'success', next);
    table[userInfoPath] = envelope(200, 'success', next);
  };
  return { ...server, ...view, accountBecomes };
}

export const pathsOf = (requests: { path: string }[]) => requests.map((request) => request.path);

export const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
