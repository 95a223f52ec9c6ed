import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { SecurityEvent, SecurityEventPage } from '@plugboard/contract';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { securityEventsPath } from '../api/get-security-events';
import { SecurityEvents } from './security-events';

const anEvent = (over: Partial<SecurityEvent> = {}): SecurityEvent => ({
  id: 1,
  at: '2026-11-20T08:00:00.250Z',
  receivedAt: '2026-11-20T08:00:01.000Z',
  type: 'InvalidCentralSystemCertificate',
  techInfo: 'CN mismatch',
  ...over,
});

function show(pages: Record<string, SecurityEventPage>) {
  setStationId(7);
  const server = fakeServer({
    '/cms-system/system/station/v2/detail': envelope(200, 'success', { id: 7, timeZone: 'Asia/Tokyo' }),
  });
  // The page asked for depends on the body's beforeId: answered here, recorded by the fake server.
  const recorded = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = await recorded(input, init);
    if (input !== securityEventsPath) return answer;
    const { beforeId } = JSON.parse(init?.body as string) as { beforeId?: number };
    const page = pages[String(beforeId ?? 'first')] ?? { events: [], nextBeforeId: null };
    return new Response(JSON.stringify(envelope(200, 'success', page).body), {
      headers: { 'content-type': 'application/json' },
    });
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SecurityEvents chargerId={3} />
    </QueryClientProvider>,
  );
  return server;
}

describe("a charger's security events", () => {
  it("lists each event with the charger's time in the site's zone, its type and detail, older ones on demand", async () => {
    const { requests } = show({
      first: {
        events: [anEvent({ id: 9 }), anEvent({ id: 8, type: 'FirmwareUpdated', techInfo: null })],
        nextBeforeId: 8,
      },
      8: {
        events: [anEvent({ id: 2, type: 'SettingSystemTime', at: '2026-11-19T23:30:00.000Z' })],
        nextBeforeId: null,
      },
    });
    await waitFor(() =>
      expect(
        screen.getAllByTestId('security-event-row')[0]?.textContent?.startsWith('2026-11-20 17:00:00.250'),
      ).toBe(true),
    );
    const rows = screen.getAllByTestId('security-event-row');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2026-11-20 17:00:00.250', 'InvalidCentralSystemCertificate', 'CN mismatch'],
      ['2026-11-20 17:00:00.250', 'FirmwareUpdated', '—'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(screen.getAllByTestId('security-event-row')).toHaveLength(3));
    expect(within(screen.getAllByTestId('security-event-row')[2]!).getAllByRole('cell')[0]?.textContent).toBe(
      '2026-11-20 08:30:00.000',
    );
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
    expect(requests.filter((r) => r.path === securityEventsPath).map((r) => r.body)).toEqual([
      { stationId: 7, chargerId: 3, limit: 50 },
      { stationId: 7, chargerId: 3, limit: 50, beforeId: 8 },
    ]);
  });

  it('says so when the charger has reported none', async () => {
    show({});
    expect(await screen.findByText('The charger has reported no security events.')).toBeTruthy();
    expect(screen.queryAllByTestId('security-event-row')).toHaveLength(0);
  });
});
