import {
  createContext,
  Suspense,
  use,
  useLayoutEffect,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import {
  matchRoutes,
  Router,
  useRoutes,
  type Location,
  type NavigationType,
  type RouteObject,
  type UNSAFE_createBrowserHistory,
} from 'react-router';
import { PageLoading } from '../components/ui/page-loading';

// React Router's declarative mode (<Router> + useRoutes) instead of its data router, which weighs ~17 KB gzip more
// on /login while the console used only loaders that redirect. What the data router gave is kept here: a router
// object that code and tests can read and drive (`state`, `subscribe`, `navigate`), route chunks fetched in parallel
// as soon as a URL matches them (not one nested lazy after the other), the previous screen kept on show while the
// next one loads, and a `pending` flag for the top progress bar meanwhile. Redirects are <Navigate> elements and
// each route's element carries its own error boundary (see lazy-route.tsx).

export type History = ReturnType<typeof UNSAFE_createBrowserHistory>;
export type RouterState = { action: NavigationType; location: Location };
export type NavigateOptions = { replace?: boolean };

/** What a route may say to the router: `preload` starts fetching its chunk. */
export type RouteHandle = { preload?: () => Promise<unknown> };

export type HistoryRouter = {
  readonly routes: RouteObject[];
  readonly history: History;
  /** The location on screen: it changes once the next screen has rendered, as a data router's does. */
  readonly state: RouterState;
  /** Called with each new location on screen. */
  subscribe: (listener: (state: RouterState) => void) => () => void;
  navigate: (to: string, options?: NavigateOptions) => void;
  /** HistoryRouterProvider says so when a location is on screen. */
  shown: (state: RouterState) => void;
};

function preloadMatches(routes: RouteObject[], location: Location): void {
  for (const { route } of matchRoutes(routes, location) ?? []) {
    // A chunk that fails is reported by its screen's error boundary when the screen renders.
    (route.handle as RouteHandle | undefined)?.preload?.().catch(() => undefined);
  }
}

/** `history` must be created with `v5Compat: true`, so that it reports pushes and replaces, not only Back. */
export function createHistoryRouter(history: History, routes: RouteObject[]): HistoryRouter {
  let state: RouterState = { action: history.action, location: history.location };
  const listeners = new Set<(state: RouterState) => void>();
  preloadMatches(routes, state.location);
  return {
    routes,
    history,
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    navigate(to, options) {
      if (options?.replace) history.replace(to);
      else history.push(to);
    },
    shown(next) {
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener(state);
    },
  };
}

const NavigationPending = createContext(false);

/** True while the router renders the next location in the background (its chunk is loading, typically). */
export const useNavigationPending = (): boolean => use(NavigationPending);

export type HistoryRouterProviderProps = { router: HistoryRouter };

export function HistoryRouterProvider({ router }: HistoryRouterProviderProps) {
  const [state, setState] = useState(router.state);
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () =>
      router.history.listen(({ action, location }) => {
        preloadMatches(router.routes, location);
        // A transition: React keeps the current screen until the next one can render.
        startTransition(() => setState({ action, location }));
      }),
    [router],
  );
  useLayoutEffect(() => router.shown(state), [router, state]);

  return (
    <Router location={state.location} navigationType={state.action} navigator={router.history}>
      <NavigationPending value={pending}>
        {/* Shown only until the first screen's chunk has loaded; later ones load behind the current screen. */}
        <Suspense fallback={<PageLoading />}>
          <MatchedRoutes routes={router.routes} />
        </Suspense>
      </NavigationPending>
    </Router>
  );
}

function MatchedRoutes({ routes }: { routes: RouteObject[] }): ReactNode {
  return useRoutes(routes);
}
