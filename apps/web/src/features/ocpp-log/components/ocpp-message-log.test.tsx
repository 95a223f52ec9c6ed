import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { OcppLogPage, OcppMessage } from '@plugboard/contract';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { ocppMessagesPath } from '../api/get-ocpp-messages';
import { OcppMessageLog } from './ocpp-message-log';

const aMessage = (over: Partial<OcppMessage> = {}): OcppMessage => ({
  id: 1,
  at: '2026-11-24T10:00:00.123Z',
  answeredAt: '2026-11-24T10:00:00.165Z',
  direction: 'in',
  kind: 'result',
  messageId: 'm-1',
  action: 'BootNotification',
  errorCode: null,
  payload: { chargePointVendor: 'Alfen', chargePointModel: 'Eve' },
  answer: { status: 'Accepted', interval: 300, currentTime: '2026-11-24T10:00:00.160Z' },
  ...over,
});
const aPage = (messages: OcppMessage[], over: Partial<OcppLogPage> = {}): OcppLogPage => ({
  messages,
  nextBeforeId: null,
  enabled: true,
  retentionDays: 7,
  ...over,
});

function show(page: OcppLogPage) {
  setStationId(7);
  const server = fakeServer({ [ocppMessagesPath]: envelope(200, 'success', page) });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OcppMessageLog chargerId={3} productCode="E07ABC" />
    </QueryClientProvider>,
  );
  return server;
}

const logRequests = (requests: { path: string; body: Record<string, unknown> }[]) =>
  requests.filter((r) => r.path === ocppMessagesPath).map((r) => r.body);

describe('OCPP message log', () => {
  it('shows one line per exchange: who called, the action, how it ended, its round trip, request and answer', async () => {
    show(
      aPage([
        aMessage({
          id: 3,
          direction: 'out',
          kind: 'unanswered',
          action: 'GetConfiguration',
          answeredAt: null,
          payload: {},
          answer: null,
        }),
        aMessage({
          id: 2,
          direction: 'out',
          kind: 'error',
          action: 'SignCertificate',
          errorCode: 'NotImplemented',
          answer: { errorDescription: '', errorDetails: {} },
        }),
        aMessage(),
      ]),
    );
    const rows = await screen.findAllByTestId('ocpp-log-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('No answer')).toBeTruthy();
    expect(within(rows[0]!).queryByTestId('ocpp-log-round-trip')).toBeNull();
    expect(rows[1]!.dataset.direction).toBe('out');
    expect(within(rows[1]!).getAllByText('Server → charger').length).toBeGreaterThan(0);
    expect(within(rows[1]!).getByText('NotImplemented')).toBeTruthy();
    expect(within(rows[2]!).getAllByText('Charger → server').length).toBeGreaterThan(0);
    expect(within(rows[2]!).getByText('Answered')).toBeTruthy();
    expect(within(rows[2]!).getByTestId('ocpp-log-round-trip').textContent).toBe('42 ms');
    expect(within(rows[2]!).getByText(/"status":"Accepted"/)).toBeTruthy();
    fireEvent.click(rows[2]!);
    expect(screen.getByTestId('ocpp-log-payload').textContent).toContain('"chargePointVendor": "Alfen"');
    expect(screen.getByTestId('ocpp-log-answer').textContent).toContain('"interval": 300');
    expect(screen.getByText(/Message id m-1 · answered 2026-11-24 /)).toBeTruthy();
    fireEvent.click(rows[0]!);
    expect(screen.getByTestId('ocpp-log-answer').textContent).toBe(
      'No answer (timed out, or the connection closed first)',
    );
  });

  it('shows an answer whose request it never saw', async () => {
    show(
      aPage([aMessage({ direction: 'out', action: null, payload: null, at: '2026-11-24T10:00:00.165Z' })]),
    );
    const [row] = await screen.findAllByTestId('ocpp-log-row');
    expect(within(row!).queryByTestId('ocpp-log-round-trip')).toBeNull();
    fireEvent.click(row!);
    expect(screen.getByTestId('ocpp-log-payload').textContent).toBe(
      'Request not seen (answer to an unknown message id)',
    );
  });

  it('scrolls each payload it opens into view (on a phone it opens below the fold)', async () => {
    const scrolled: Element[] = [];
    // jsdom does not scroll: record what would be scrolled into view.
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    try {
      show(aPage([aMessage({ id: 2, messageId: 'm-2' }), aMessage()]));
      const rows = await screen.findAllByTestId('ocpp-log-row');
      fireEvent.click(rows[1]!);
      const payload = screen.getByTestId('ocpp-log-payload');
      expect(scrolled).toEqual([payload.closest('tr')]);
      fireEvent.click(rows[0]!);
      expect(scrolled).toHaveLength(2);
      expect(scrolled[1]).toBe(screen.getByTestId('ocpp-log-payload').closest('tr'));
    } finally {
      // @ts-expect-error jsdom has no scrollIntoView of its own
      delete Element.prototype.scrollIntoView;
    }
  });

  it('asks the server for the action typed', async () => {
    const { requests } = show(aPage([aMessage()]));
    await screen.findAllByTestId('ocpp-log-row');
    fireEvent.change(screen.getByTestId('ocpp-log-action'), { target: { value: 'Heart' } });
    await waitFor(() =>
      expect(logRequests(requests).at(-1)).toMatchObject({ chargerId: 3, action: 'Heart' }),
    );
  });

  it('says when the server keeps no log', async () => {
    show(aPage([], { enabled: false }));
    expect(await screen.findByText(/keeps no message log/)).toBeTruthy();
    expect(screen.getByTestId('ocpp-log-empty').textContent).toBe('No exchanges match.');
  });
});
