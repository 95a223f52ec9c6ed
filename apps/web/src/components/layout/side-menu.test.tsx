import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { labelDelayMs, SideMenu } from './side-menu';

const menuAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <SideMenu />
    </MemoryRouter>,
  );

const activeEntries = () =>
  screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');

describe('side menu', () => {
  it('lists the seven entries in order, linking to their routes', () => {
    menuAt('/overview');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/overview',
      '/chargeList',
      '/sessionList',
      '/card/list',
      '/tariffInfo',
      '/load',
      '/display',
    ]);
  });

  it('highlights the entry whose path is exactly the current path', () => {
    menuAt('/card/list');
    expect(activeEntries()).toEqual([screen.getByTestId('menu-item-card-list')]);
    expect(screen.getByTestId('menu-item-card-list').className).toContain('Mui-selected');
  });

  it('highlights nothing on a path that only starts like an entry', () => {
    menuAt('/chargeList/extra');
    expect(activeEntries()).toEqual([]);
  });

  it('collapses from the logo and expands from the handle, showing labels 100 ms later', () => {
    vi.useFakeTimers();
    menuAt('/sessionList');
    const menu = screen.getByTestId('side-menu');
    expect(menu.dataset.expanded).toBe('true');
    expect(screen.getByText('Sessions')).toBeTruthy();

    fireEvent.click(screen.getByTestId('side-menu-toggle'));
    expect(menu.dataset.expanded).toBe('false');
    expect(screen.queryByText('Sessions')).toBeNull();
    expect(screen.getByTestId('menu-item-sessionList').getAttribute('aria-label')).toBe('Sessions');

    fireEvent.click(screen.getByTestId('side-menu-handle'));
    expect(menu.dataset.expanded).toBe('true');
    expect(screen.queryByText('Sessions')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(labelDelayMs - 1);
    });
    expect(screen.queryByText('Sessions')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('Sessions')).toBeTruthy();
  });

  it('shows the console version', () => {
    menuAt('/overview');
    expect(screen.getByTestId('version-label').textContent).toBe('Version 1.8.5');
  });
});
