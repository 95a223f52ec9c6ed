import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AppErrorBoundary } from './app-error-boundary';

export type RouteErrorBoundaryProps = { children?: ReactNode };

/** A route's error boundary: a failed chunk or a render error of that screen; cleared by the next navigation. */
export function RouteErrorBoundary({ children }: RouteErrorBoundaryProps) {
  return <AppErrorBoundary resetKey={useLocation()}>{children}</AppErrorBoundary>;
}
