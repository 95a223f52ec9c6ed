import {
  createContext,
  Suspense,
  use,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  type ReactNode,
} from 'react';
import {
  matchRoutes,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type RouteObject,
} from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { registerNavigate } from '../lib/navigation';

// The console's routes under React Router's declarative <BrowserRouter>, public API only. Its data router would
// weigh 17 KB gzip more on /login (measured on the yardstick shell of `npm run bench:bundle`: 143.0 -> 160.0 KB),
// past the 1.10 budget, for loaders the console would not use; with this view /login loads 148.1 KB, 1.04 x the
// yardstick (the hand-made history router it replaced, on React Router's private history: 147.5 KB, 1.03). What
// the data router would give is kept here with React itself:
// - the previous screen stays on show, and `pending` is true, while the next one loads: the routes render a
//   deferred copy of the location (useDeferredValue), whose render React keeps off screen while a chunk suspends
//   it. So the router's own location updates must be urgent: mount this under <BrowserRouter useTransitions={false}>
//   (or a MemoryRouter likewise), since inside a transition a deferred value never lags and nothing would say that
//   a screen is loading;
// - the chunks of every route a URL matches are fetched at once, not each nested lazy after its parent;
// - navigateTo (lib/navigation.ts) navigates through this router from outside React.
// Redirects are <Navigate> elements and each route's element carries its own error boundary (see lazy-route.tsx).

/** What a route may say to the view: `preload` starts fetching its chunk. */
export type RouteHandle = { preload?: () => Promise<unknown> };

/** Starts fetching the chunks of every route the location matches, all at once. */
export function preloadMatches(routes: RouteObject[], location: Partial<Location> | string): void {
  for (const { route } of matchRoutes(routes, location) ?? []) {
    // A chunk that fails is reported by its screen's error boundary when the screen renders.
    (route.handle as RouteHandle | undefined)?.preload?.().catch(() => undefined);
  }
}

const NavigationPending = createContext(false);

/** True while the next location renders in the background (its chunk is loading, typically). */
export const useNavigationPending = (): boolean => use(NavigationPending);

export type AppRoutesProps = { routes: RouteObject[] };

export function AppRoutes({ routes }: AppRoutesProps) {
  const location = useLocation();
  const shown = useDeferredValue(location);
  const navigate = useNavigate();
  // Before the deferred render starts, so that nested routes' chunks do not wait for their parents'.
  useLayoutEffect(() => preloadMatches(routes, location), [routes, location]);
  useEffect(() => {
    registerNavigate((to, options) => void navigate(to, options));
    return () => registerNavigate(null);
  }, [navigate]);

  return (
    <NavigationPending value={shown !== location}>
      {/* Shown only until the first screen's chunk has loaded; later ones load behind the current screen. */}
      <Suspense fallback={<PageLoading />}>
        <MatchedRoutes routes={routes} location={shown} />
      </Suspense>
    </NavigationPending>
  );
}

function MatchedRoutes({ routes, location }: { routes: RouteObject[]; location: Location }): ReactNode {
  const matched = useRoutes(routes, location);
  // useRoutes re-renders with the router's own location too, which runs ahead of `location` while the next screen
  // loads; what it returns then would hand every screen a new (equal) location object, and a <Navigate> whose state
  // is made on render would navigate again, without end. The screens change with `location` only.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => matched, [routes, location]);
}
