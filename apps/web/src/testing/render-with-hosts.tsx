import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { ConfirmDialogHost } from '../components/ui/confirm-dialog';
import { NotificationHost } from '../components/ui/notifications';
import { setStationId, setToken } from '../lib/storage';

/** Renders a screen's part signed in to site 7, with a fresh query cache, the confirm dialog and the toasts. */
export function renderWithHosts(children: ReactNode, path = '/') {
  setStationId(7);
  setToken('session-token');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      <ConfirmDialogHost />
      <NotificationHost />
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}
