import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getToken } from '../lib/storage';
import type { LazyRoute } from './lazy-route';
import type { ReturnState } from './require-site';

function RequireSession({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (getToken()) return children;
  const state: ReturnState = { from: pathname + search };
  return <Navigate to="/login" replace state={state} />;
}

/**
 * A route behind the session: without a session token the visitor is sent to /login and nothing of it is shown;
 * once logged in (and on a site), they come back to it.
 */
export function requireSession({ element, handle }: LazyRoute): LazyRoute {
  return { element: <RequireSession>{element}</RequireSession>, handle };
}
