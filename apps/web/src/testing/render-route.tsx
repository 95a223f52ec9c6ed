import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { registerNavigate } from '../lib/navigation';
import { queryClient } from '../lib/query-client';

/** Renders the whole console at a path, as a browser opening that URL would. */
export function renderRoute(path: string) {
  queryClient.clear();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  registerNavigate((to, options) => void router.navigate(to, options));
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
