import { useRouteError } from 'react-router';
import { ErrorFallback } from './error-fallback';

/** The router's error boundary for a route: a failed chunk or a render error of that screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return <ErrorFallback error={error} />;
}
