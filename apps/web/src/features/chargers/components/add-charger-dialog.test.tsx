import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { addChargerPath } from '../api/add-charger';
import { aCharger, renderWithHosts } from '../testing';
import { AddChargerDialog } from './add-charger-dialog';

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const helper = (testId: string) => document.getElementById(`${testId}-helper-text`)?.textContent;

const onClose = vi.fn();

function openDialog(answers: Parameters<typeof fakeServer>[0] = {}) {
  setStationId(7);
  const server = fakeServer(answers);
  const onAdded = vi.fn();
  onClose.mockClear();
  renderWithHosts(<AddChargerDialog open onClose={onClose} onAdded={onAdded} />);
  return { ...server, onAdded };
}

describe('add-charger dialog', () => {
  it('explains a missing product code and PIN without any request', async () => {
    const { requests } = openDialog();
    fireEvent.click(screen.getByTestId('charger-add-submit'));
    expect(helper('charger-add-product-code')).toBe('Enter the product code');
    expect(helper('charger-add-pin')).toBe('Enter the PIN code');
    await Promise.resolve();
    expect(requests).toHaveLength(0);
  });

  it('refuses an alias of more than 8 characters before calling', async () => {
    const { requests } = openDialog();
    type('charger-add-product-code', 'E07ABCD');
    type('charger-add-pin', '1234');
    type('charger-add-alias', 'NINECHARS');
    fireEvent.click(screen.getByTestId('charger-add-submit'));
    expect(helper('charger-add-alias')).toBe('The alias may have at most 8 characters');
    expect(helper('charger-add-product-code')).not.toBe('Enter the product code');
    await Promise.resolve();
    expect(requests).toHaveLength(0);
  });

  it('explains in the chosen language', async () => {
    await changeLanguage('fr_FR');
    openDialog();
    type('charger-add-product-code', 'E07ABCD');
    fireEvent.click(screen.getByTestId('charger-add-submit'));
    expect(helper('charger-add-pin')).toBe('Saisissez le code PIN');
  });

  it('sends a valid charger with its power in watts and hands the new charger on', async () => {
    const added = aCharger({ productCode: 'E07ABCD', alias: 'Door' });
    const { requests, onAdded } = openDialog({ [addChargerPath]: envelope(200, 'success', added) });
    type('charger-add-product-code', ' E07ABCD ');
    type('charger-add-pin', 's3cret!');
    type('charger-add-alias', 'Door');
    type('charger-add-type', 'socketWithShutter');
    type('charger-add-rated-power', '7,4');
    type('charger-add-connectivity', 'LAN');
    fireEvent.click(screen.getByTestId('charger-add-submit'));

    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(added));
    expect(requests.map((request) => request.body)).toEqual([
      {
        stationId: 7,
        productCode: 'E07ABCD',
        pin: 's3cret!',
        alias: 'Door',
        chargerType: 'socketWithShutter',
        ratedPowerW: 7400,
        connectivity: 'LAN',
      },
    ]);
  });

  it('stays open while the charger is being added: Cancel waits for the answer', async () => {
    openDialog();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    type('charger-add-product-code', 'E07ABCD');
    type('charger-add-pin', '1234');
    fireEvent.click(screen.getByTestId('charger-add-submit'));
    await waitFor(() => expect(screen.getByTestId('charger-add-submit').hasAttribute('disabled')).toBe(true));
    fireEvent.click(screen.getByTestId('charger-add-cancel'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
