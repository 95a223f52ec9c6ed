import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { getToken } from '../lib/storage';
import type { LazyRoute } from './lazy-route';

function RequireSession({ children }: { children: ReactNode }) {
  return getToken() ? children : <Navigate to="/login" replace />;
}

/** A route behind the session: without a session token the visitor is sent to /login and nothing of it is shown. */
export function requireSession({ element, handle }: LazyRoute): LazyRoute {
  return { element: <RequireSession>{element}</RequireSession>, handle };
}
