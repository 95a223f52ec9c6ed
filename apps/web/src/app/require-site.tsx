import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getStationId } from '../lib/storage';
import type { LazyRoute } from './lazy-route';

/**
 * The page a visitor asked for, carried through /login and /select-site (as the location's state) so that they
 * end up there once signed in and on a site.
 */
export type ReturnState = { from: string };

/** The page to go back to: a path of this console, and not select-site itself; else none. */
export function returnPath(state: unknown): string | undefined {
  const from = (state as Partial<ReturnState> | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return undefined;
  return from === '/select-site' || from.startsWith('/select-site?') ? undefined : from;
}

function RequireSite({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (getStationId()) return children;
  const state: ReturnState = { from: pathname + search };
  return <Navigate to="/select-site" replace state={state} />;
}

/**
 * A screen of one site's data (chargers, sessions, cards, tariff): without a chosen site (a fresh browser, or
 * storage cleared) the user is sent to choose one, instead of calls going out without a stationId, and comes
 * back to the page once a site is chosen.
 */
export function requireSite({ element, handle }: LazyRoute): LazyRoute {
  return { element: <RequireSite>{element}</RequireSite>, handle };
}
