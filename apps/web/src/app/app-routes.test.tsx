import type { ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { Outlet, UNSAFE_createMemoryHistory, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../components/ui/route-error-boundary';
import { createHistoryRouter, HistoryRouterProvider, useNavigationPending } from './history-router';
import { lazyRoute } from './lazy-route';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function Shell() {
  return (
    <main data-testid="shell" data-pending={String(useNavigationPending())}>
      <Outlet />
    </main>
  );
}

function renderAt(path: string, routes: RouteObject[]) {
  const router = createHistoryRouter(
    UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }),
    routes,
  );
  render(<HistoryRouterProvider router={router} />);
  return router;
}

describe('the history router', () => {
  it("keeps the current screen, marked pending, while the next screen's chunk loads", async () => {
    const chunk = deferred<{ Next: ComponentType }>();
    const router = renderAt('/', [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <p>Current screen</p> },
          {
            path: '/next',
            ...lazyRoute(
              () => chunk.promise,
              (module) => module.Next,
            ),
          },
        ],
      },
    ]);

    act(() => router.navigate('/next'));
    expect(screen.getByText('Current screen')).toBeTruthy();
    expect(screen.getByTestId('shell').dataset.pending).toBe('true');

    chunk.resolve({ Next: () => <p>Next screen</p> });
    expect(await screen.findByText('Next screen')).toBeTruthy();
    expect(screen.queryByText('Current screen')).toBeNull();
    expect(screen.getByTestId('shell').dataset.pending).toBe('false');
    expect(router.state.location.pathname).toBe('/next');
  });

  it('fetches the chunks of every route a URL matches at once, not each after its parent', () => {
    const fetched: string[] = [];
    const chunk = (name: string) => () => {
      fetched.push(name);
      return new Promise<{ Screen: ComponentType }>(() => undefined);
    };
    renderAt('/inner/page', [
      {
        path: '/inner',
        ...lazyRoute(chunk('layout'), (module) => module.Screen),
        children: [{ path: 'page', ...lazyRoute(chunk('page'), (module) => module.Screen) }],
      },
    ]);
    expect(fetched).toEqual(['layout', 'page']);
  });

  it("clears a screen's error once the user goes to another screen", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('render failed');
    }
    const router = renderAt('/broken', [
      {
        element: <Shell />,
        children: [
          {
            path: '/broken',
            element: (
              <RouteErrorBoundary>
                <Broken />
              </RouteErrorBoundary>
            ),
          },
          {
            path: '/fine',
            element: (
              <RouteErrorBoundary>
                <p>Fine screen</p>
              </RouteErrorBoundary>
            ),
          },
        ],
      },
    ]);
    expect((await screen.findByTestId('error-fallback')).dataset.errorKind).toBe('render');
    expect(screen.getByTestId('shell')).toBeTruthy();

    act(() => router.navigate('/fine'));
    expect(await screen.findByText('Fine screen')).toBeTruthy();
    expect(screen.queryByTestId('error-fallback')).toBeNull();
  });
});
