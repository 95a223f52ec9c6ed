import { render } from '@testing-library/react';
import { UNSAFE_createMemoryHistory } from 'react-router';
import { HistoryRouterProvider } from '../app/history-router';
import { AppProviders } from '../app/providers';
import { createAppRouter } from '../app/router';
import { queryClient } from '../lib/query-client';

/** Renders the whole console at a path, as a browser opening that URL would. */
export function renderRoute(path: string) {
  queryClient.clear();
  const router = createAppRouter(UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }));
  const view = render(
    <AppProviders>
      <HistoryRouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
