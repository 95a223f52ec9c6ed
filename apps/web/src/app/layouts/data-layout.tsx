import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../../lib/query-client';

/**
 * Around every screen that reads server data (the console behind the session, select-site, add-site): the query
 * cache. The account screens (login, register, code check, forgot/reset password) only send forms, so they load
 * neither this layout nor TanStack Query.
 */
export function DataLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
