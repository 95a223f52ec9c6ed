import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirm } from '../../lib/confirm';
import { ConfirmProvider } from './confirm-dialog';

describe('global confirm dialog', () => {
  it('resolves true on confirm and keeps the line breaks of its content', async () => {
    render(<ConfirmProvider />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ title: 'Delete session', content: 'This cannot be undone.\nContinue?' });
    });
    expect(screen.getByTestId('confirm-dialog-title').textContent).toBe('Delete session');
    const content = screen.getByTestId('confirm-dialog-content');
    expect(content.textContent).toBe('This cannot be undone.\nContinue?');
    expect(getComputedStyle(content).whiteSpace).toBe('pre-line');
    expect(screen.getByTestId('confirm-dialog-cancel').textContent).toBe('Cancel');
    fireEvent.click(screen.getByTestId('confirm-dialog-ok'));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it('resolves false on cancel, with custom labels', async () => {
    render(<ConfirmProvider />);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirm({
        title: 'Reboot',
        content: 'Reboot the charger?',
        confirmText: 'Reboot',
        cancelText: 'Not now',
        confirmColor: 'error',
      });
    });
    expect(screen.getByTestId('confirm-dialog-ok').textContent).toBe('Reboot');
    expect(screen.getByTestId('confirm-dialog-ok').className).toContain('MuiButton-containedError');
    fireEvent.click(screen.getByText('Not now'));
    await expect(answer).resolves.toBe(false);
  });

  it('asks one question at a time', async () => {
    render(<ConfirmProvider />);
    let first: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = confirm({ title: 'First', content: '1' });
      void confirm({ title: 'Second', content: '2', showCancel: false });
    });
    expect(screen.getByTestId('confirm-dialog-title').textContent).toBe('First');
    fireEvent.click(screen.getByTestId('confirm-dialog-ok'));
    await expect(first).resolves.toBe(true);
    expect(screen.getByTestId('confirm-dialog-title').textContent).toBe('Second');
    expect(screen.queryByTestId('confirm-dialog-cancel')).toBeNull();
    fireEvent.click(screen.getByTestId('confirm-dialog-ok'));
  });
});
