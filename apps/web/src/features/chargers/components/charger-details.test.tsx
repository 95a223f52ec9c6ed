import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { chargerPath } from '../api/get-charger';
import { aCharger, renderWithHosts } from '../testing';
import { ChargerDetails } from './charger-details';

const follows = (later: Element, earlier: Element) =>
  (earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

describe('charger details', () => {
  it('shows the ongoing session right below the actions, before the tools and the fields', async () => {
    const charger = aCharger({
      status: 'charging',
      connectors: [{ connectorId: 1, status: 'charging', errorCode: null }],
      ongoingSessions: [
        {
          id: 42,
          transactionId: '42',
          connectorId: 1,
          startTime: '2025-03-01T10:00:00.000Z',
          energyWh: 1500,
          closable: false,
        },
      ],
    });
    setStationId(7);
    fakeServer({ [chargerPath]: envelope(200, 'success', charger) });
    renderWithHosts(
      <MemoryRouter>
        <ChargerDetails
          charger={charger}
          onClose={() => {}}
          isLoadManagementActive={() => Promise.resolve(false)}
        />
      </MemoryRouter>,
    );
    const details = await screen.findByTestId('charger-details');
    const session = within(details).getByTestId('charger-detail-session');
    expect(within(session).getByTestId('charger-detail-session-energy').textContent).toBe('1.5 kWh');
    expect(follows(session, within(details).getByTestId('charger-actions'))).toBe(true);
    expect(follows(within(details).getByTestId('charger-tools-link'), session)).toBe(true);
    expect(follows(within(details).getByTestId('charger-detail-product-code'), session)).toBe(true);
  });
});
