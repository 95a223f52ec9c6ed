import type { ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../components/ui/route-error-boundary';
import { navigateTo } from '../lib/navigation';
import { AppRoutes, useNavigationPending } from './app-routes';
import { lazyRoute } from './lazy-route';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function Shell() {
  return (
    <main
      data-testid="shell"
      data-pending={String(useNavigationPending())}
      data-pathname={useLocation().pathname}
    >
      <Outlet />
    </main>
  );
}

function renderAt(path: string, routes: RouteObject[]) {
  render(
    <MemoryRouter initialEntries={[path]} useTransitions={false}>
      <AppRoutes routes={routes} />
    </MemoryRouter>,
  );
}

describe('the console routes', () => {
  it("keeps the current screen, marked pending, while the next screen's chunk loads", async () => {
    const chunk = deferred<{ Next: ComponentType }>();
    renderAt('/', [
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

    // As the api client does, from outside React.
    act(() => navigateTo('/next'));
    expect(screen.getByText('Current screen')).toBeTruthy();
    expect(screen.getByTestId('shell').dataset.pending).toBe('true');
    expect(screen.getByTestId('shell').dataset.pathname).toBe('/');

    chunk.resolve({ Next: () => <p>Next screen</p> });
    expect(await screen.findByText('Next screen')).toBeTruthy();
    expect(screen.queryByText('Current screen')).toBeNull();
    expect(screen.getByTestId('shell').dataset.pending).toBe('false');
    expect(screen.getByTestId('shell').dataset.pathname).toBe('/next');
  });

  it('follows a redirect once while the chunk of the page it leads to loads', async () => {
    const chunk = deferred<{ Target: ComponentType }>();
    function Redirect() {
      // Its state is a new object on every render, as RequireSession's is.
      return <Navigate to="/target" replace state={{ from: useLocation().pathname }} />;
    }
    renderAt('/old', [
      {
        element: <Shell />,
        children: [
          { path: '/old', element: <Redirect /> },
          {
            path: '/target',
            ...lazyRoute(
              () => chunk.promise,
              (module) => module.Target,
            ),
          },
        ],
      },
    ]);
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByTestId('shell').dataset.pending).toBe('true');

    chunk.resolve({
      Target: () => <p>{`Came from ${String((useLocation().state as { from: string }).from)}`}</p>,
    });
    expect(await screen.findByText('Came from /old')).toBeTruthy();
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
    renderAt('/broken', [
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

    act(() => navigateTo('/fine'));
    expect(await screen.findByText('Fine screen')).toBeTruthy();
    expect(screen.queryByTestId('error-fallback')).toBeNull();
  });
});
