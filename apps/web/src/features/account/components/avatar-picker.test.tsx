import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { updateUserPath } from '../api/update-user';
import { anAccount, openAccount, pathsOf } from './account-test-kit';

// The first bytes of a PNG; the console checks the declared type and the size, the server the content.
const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function choose(file: File) {
  const input = await screen.findByTestId('account-avatar-input');
  fireEvent.change(input, { target: { files: [file] } });
}

describe('profile picture', () => {
  it('refuses a file that is not a PNG, JPEG or WebP picture before uploading', async () => {
    const { requests } = await openAccount();
    await choose(new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a PNG, JPEG or WebP picture');
    expect(pathsOf(requests)).not.toContain(updateUserPath);
  });

  it('refuses a picture over 2 MB before uploading', async () => {
    const { requests } = await openAccount();
    await choose(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The picture is larger than 2 MB: choose a smaller one',
    );
    expect(pathsOf(requests)).not.toContain(updateUserPath);
  });

  it('sends an accepted picture as a data URL and shows the stored one', async () => {
    const stored = 'data:image/webp;base64,UklGRg==';
    const { requests, accountBecomes } = await openAccount();
    accountBecomes(anAccount({ avatar: stored }));
    await choose(new File([pngBytes], 'me.png', { type: 'image/png' }));

    expect((await screen.findByTestId('toast')).textContent).toBe('Profile picture updated');
    const body = requests.find((request) => request.path === updateUserPath)?.body;
    expect(body).toEqual({ avatar: `data:image/png;base64,${btoa(String.fromCharCode(...pngBytes))}` });
    await waitFor(() =>
      expect(screen.getByTestId('account-avatar-preview').querySelector('img')?.getAttribute('src')).toBe(
        stored,
      ),
    );
    expect(screen.getByTestId('avatar').querySelector('img')?.getAttribute('src')).toBe(stored);
  });
});
