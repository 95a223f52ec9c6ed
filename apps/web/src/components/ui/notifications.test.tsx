import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import { NotificationHost } from './notifications';

describe('notifications', () => {
  it('shows one message at a time and hides it after 2 seconds', () => {
    vi.useFakeTimers();
    render(<NotificationHost />);
    act(() => notify({ message: 'Saved', severity: 'success' }));
    act(() => notify({ message: 'Charger offline', severity: 'warning' }));
    expect(screen.getAllByTestId('toast').map((toast) => toast.textContent)).toEqual(['Charger offline']);

    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
