import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DisplayLink } from '@plugboard/contract';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { renderWithHosts } from '../../../testing/render-with-hosts';
import { displayLinkCreatePath, displayLinkListPath, displayLinkRevokePath } from '../api/display-links';
import { DisplayLinksView } from './display-links-view';

const lobby: DisplayLink = {
  id: 3,
  name: 'Lobby TV',
  createdAt: '2026-11-24T09:00:00.000Z',
  lastUsedAt: null,
};
const token = `dsp_${'a'.repeat(43)}`;

describe('display links', () => {
  it('makes a link and shows its kiosk URL once, to copy', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.assign(navigator, { clipboard: { writeText } });
    const server = fakeServer({
      [displayLinkListPath]: envelope(200, 'success', { list: [] }),
      [displayLinkCreatePath]: envelope(200, 'success', { ...lobby, token }),
    });
    renderWithHosts(<DisplayLinksView />, '/display');
    await screen.findByText('No display links yet');
    fireEvent.change(screen.getByTestId('display-link-name'), { target: { value: '  Lobby TV ' } });
    fireEvent.click(screen.getByTestId('display-link-create'));
    const url = await screen.findByTestId('display-link-url');
    expect(url.textContent).toBe(`${window.location.origin}/kiosk#${token}`);
    expect(server.requests.find((r) => r.path === displayLinkCreatePath)?.body).toEqual({
      stationId: 7,
      name: 'Lobby TV',
    });
    fireEvent.click(screen.getByTestId('display-link-copy'));
    await screen.findByText('Address copied');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/kiosk#${token}`);
  });

  it('lists the links without their tokens and revokes one after confirming', async () => {
    const server = fakeServer({
      [displayLinkListPath]: envelope(200, 'success', { list: [lobby] }),
      [displayLinkRevokePath]: envelope(200, 'success', null),
    });
    renderWithHosts(<DisplayLinksView />, '/display');
    const row = await screen.findByTestId('display-link-3');
    expect(row.textContent).toContain('Lobby TV');
    expect(row.textContent).toContain('never used');
    fireEvent.click(within(row).getByTestId('display-link-revoke-3'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Revoke the display link');
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    await screen.findByText('Display link "Lobby TV" revoked');
    await waitFor(() =>
      expect(server.requests.find((r) => r.path === displayLinkRevokePath)?.body).toEqual({
        stationId: 7,
        id: 3,
      }),
    );
  });
});
