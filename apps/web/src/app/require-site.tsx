import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getStationId } from '../lib/storage';
import type { LazyRoute } from './lazy-route';

/** Where select-site goes once a site is chosen: the page that asked for one. */
export type ChooseSiteState = { from: string };

function RequireSite({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (getStationId()) return children;
  const state: ChooseSiteState = { from: pathname + search };
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
