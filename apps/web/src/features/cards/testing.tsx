// Test helpers of the cards feature: card and group builders, and the screen's providers. Only tests import this file.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Card, CardGroup, CardList } from '@plugboard/contract';
import { ConfirmDialogHost } from '../../components/ui/confirm-dialog';
import { NotificationHost } from '../../components/ui/notifications';
import { setStationId, setToken } from '../../lib/storage';

let nextId = 900;

export function aGroup(overrides: Partial<CardGroup> = {}): CardGroup {
  const id = overrides.id ?? nextId++;
  return { id, name: `Group ${id}`, isDefault: false, multiplier: 100, cardCount: 0, ...overrides };
}

export const defaultGroup = aGroup({ id: 1, name: 'Default', isDefault: true, cardCount: 2 });

export function aCard(overrides: Partial<Card> = {}): Card {
  const id = overrides.id ?? nextId++;
  return {
    id,
    cardId: `TAG${id}`,
    holder: '',
    groupId: defaultGroup.id,
    groupName: defaultGroup.name,
    email: '',
    subscribeReport: false,
    status: 'active',
    createdAt: '2025-03-01T09:00:00.000Z',
    recycledAt: null,
    ...overrides,
  };
}

export const aPage = (list: Card[]): CardList => ({ list, total: list.length, pageNum: 1, pageSize: 10 });

/** Renders part of the cards feature signed in to site 7, with a fresh cache, the confirm dialog and the toasts. */
export function renderWithHosts(children: ReactNode, path = '/card/list') {
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

/** The bodies the page sent to `path`, oldest first. */
export const bodiesOf = (requests: { path: string; body: Record<string, unknown> }[], path: string) =>
  requests.filter((request) => request.path === path).map((request) => request.body);
