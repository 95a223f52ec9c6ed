import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirm } from '../../lib/confirm';
import { notify } from '../../lib/notify';
import { OverlayHosts } from './overlay-hosts';

describe('overlay hosts', () => {
  it('render nothing, and load no dialog or toast, until there is something to show', () => {
    const { container } = render(<OverlayHosts />);
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('.MuiDialog-root, .MuiSnackbar-root')).toBeNull();
  });

  it('show a toast once notify() is called', async () => {
    render(<OverlayHosts />);
    act(() => notify({ message: 'Saved', severity: 'success' }));
    expect((await screen.findByTestId('toast')).textContent).toBe('Saved');
  });

  it('show the confirm dialog and resolve with the answer', async () => {
    render(<OverlayHosts />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ title: 'Reminder', content: 'Load management is active', showCancel: false });
    });
    expect((await screen.findByTestId('confirm-dialog-title')).textContent).toBe('Reminder');
    expect(screen.queryByTestId('confirm-dialog-cancel')).toBeNull();
    fireEvent.click(screen.getByTestId('confirm-dialog-ok'));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
  });
});
