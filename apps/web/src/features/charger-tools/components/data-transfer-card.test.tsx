import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ConfirmDialogHost } from '../../../components/ui/confirm-dialog';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { dataTransferPath } from '../api/data-transfer';
import { DataTransferCard } from './data-transfer-card';

describe('data transfer', () => {
  it("sends the vendor's message after the confirmation and shows the answer raw", async () => {
    setStationId(7);
    const { requests } = fakeServer({
      [dataTransferPath]: envelope(200, 'success', { status: 'Accepted', data: '{"fan":"on"}' }),
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DataTransferCard chargerId={3} name="Gate" connected />
        <ConfirmDialogHost />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByTestId('data-transfer-vendor'), { target: { value: ' com.acme ' } });
    fireEvent.change(screen.getByTestId('data-transfer-data'), { target: { value: '{"fan":"?"}' } });
    fireEvent.click(screen.getByTestId('data-transfer-send'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe(
      'Send a DataTransfer for com.acme to Gate?',
    );
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    const answer = await screen.findByTestId('data-transfer-answer');
    expect(answer.textContent).toBe('The charger answered Accepted{"fan":"on"}');
    expect(requests.map((r) => r.body)).toEqual([
      { stationId: 7, chargerId: 3, vendorId: 'com.acme', data: '{"fan":"?"}' },
    ]);
  });
});
