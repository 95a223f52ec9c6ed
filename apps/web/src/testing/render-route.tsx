import { useLayoutEffect } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Outlet, parsePath, useLocation, type Location } from 'react-router';
import { AppRoutes } from '../app/app-routes';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { queryClient } from '../lib/query-client';

export type RouterState = { location: Location };

/** What a test reads of the router: the location on screen (it changes once the next screen has rendered). */
export type ShownRouter = {
  readonly state: RouterState;
  /** Called with each new location on screen. */
  subscribe: (listener: (state: RouterState) => void) => () => void;
};

/** Around every route, so it renders (and says so) only with the location of the screen on show. */
function ShownLocation({ onShown }: { onShown: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => onShown(location), [onShown, location]);
  return <Outlet />;
}

/** Renders the whole console at a path, as a browser opening that URL would. */
export function renderRoute(path: string) {
  queryClient.clear();
  const { pathname = '/', search = '', hash = '' } = parsePath(path);
  // A memory history's first entry has the key "default" too: showing it is no change.
  let state: RouterState = { location: { pathname, search, hash, state: null, key: 'default' } };
  const listeners = new Set<(state: RouterState) => void>();
  const router: ShownRouter = {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  const shown = (location: Location) => {
    if (location.key === state.location.key) return;
    state = { location };
    for (const listener of listeners) listener(state);
  };

  const view = render(
    <AppProviders>
      {/* Urgent location updates, as in main.tsx: AppRoutes defers them itself. */}
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppRoutes routes={[{ element: <ShownLocation onShown={shown} />, children: routes }]} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { router, ...view };
}
