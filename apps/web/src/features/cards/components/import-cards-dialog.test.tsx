import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CardImportResult } from '@plugboard/contract';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { importCardsPath } from '../api/import-cards';
import { bodiesOf, renderWithHosts } from '../testing';
import { ImportCardsDialog } from './import-cards-dialog';

const header = 'cardId;holder;group;email;subscribeReport';
const result = (errors: CardImportResult['errors'], imported = 0): CardImportResult => ({
  total: 4,
  imported,
  errors,
});

function choose(text: BlobPart, name = 'cards.csv') {
  fireEvent.change(screen.getByTestId('card-import-file'), { target: { files: [new File([text], name)] } });
}

function openDialog() {
  const onImported = vi.fn();
  renderWithHosts(<ImportCardsDialog onClose={vi.fn()} onImported={onImported} />);
  return { onImported };
}

const reportLines = () =>
  screen.getAllByTestId('card-import-problem').map((row) => [
    row.dataset.line,
    ...within(row)
      .getAllByRole('cell')
      .slice(1)
      .map((cell) => cell.textContent),
  ]);

describe('card import dialog', () => {
  it("checks the file on the server and reports each problem at its file line, with the server's reason", async () => {
    const server = fakeServer({
      [importCardsPath]: envelope(
        200,
        'success',
        result([
          { row: 2, field: 'email', reason: 'format' },
          { row: 4, field: 'cardId', reason: 'duplicateInFile' },
        ]),
      ),
    });
    const { onImported } = openDialog();
    // A blank line after the header moves every card one line down.
    choose(`${header}\r\n\r\nA1;Ann;;;no\r\nA2;Bo;;bo@;no\r\nA3;Cy;;;maybe\r\nA1;Di;;;\r\n`);

    await waitFor(() => expect(screen.getAllByTestId('card-import-problem')).toHaveLength(3));
    expect(reportLines()).toEqual([
      ['4', 'E-mail', 'bo@', 'Invalid format'],
      ['5', 'Report', 'maybe', 'Invalid format'],
      ['6', 'Card ID', 'A1', 'Appears more than once in the file'],
    ]);
    expect(screen.getByTestId('card-import-status').textContent).toContain('3 problems found');
    expect(screen.getByTestId('card-import-count').textContent).toBe('4 cards in the file');
    expect(screen.getByTestId('card-import-submit')).toHaveProperty('disabled', true);
    expect(bodiesOf(server.requests, importCardsPath)).toEqual([
      {
        stationId: 7,
        dryRun: true,
        rows: [
          { cardId: 'A1', holder: 'Ann', group: '', email: '', subscribeReport: false },
          { cardId: 'A2', holder: 'Bo', group: '', email: 'bo@', subscribeReport: false },
          { cardId: 'A3', holder: 'Cy', group: '', email: '', subscribeReport: false },
          { cardId: 'A1', holder: 'Di', group: '', email: '', subscribeReport: false },
        ],
      },
    ]);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('clears the report when the fixed file is chosen again, then imports every row', async () => {
    fakeServer({
      [importCardsPath]: envelope(200, 'success', result([{ row: 1, field: 'cardId', reason: 'exists' }])),
    });
    const { onImported } = openDialog();
    choose(`${header}\nA1;Ann;;;\nA2;Bo;;;\n`);
    await screen.findByTestId('card-import-report');

    let server = fakeServer({ [importCardsPath]: envelope(200, 'success', result([])) });
    choose(`${header}\nA9;Ann;;;\nA2;Bo;;;\n`);
    await waitFor(() => expect(screen.queryByTestId('card-import-report')).toBeNull());
    expect(screen.getByTestId('card-import-status').textContent).toBe('All 2 cards are ready to import.');
    expect(bodiesOf(server.requests, importCardsPath)[0]).toMatchObject({ dryRun: true });

    server = fakeServer({ [importCardsPath]: envelope(200, 'success', result([], 2)) });
    fireEvent.click(screen.getByTestId('card-import-submit'));
    await waitFor(() => expect(onImported).toHaveBeenCalledWith(2));
    expect(bodiesOf(server.requests, importCardsPath)).toEqual([
      {
        stationId: 7,
        dryRun: false,
        rows: [
          { cardId: 'A9', holder: 'Ann', group: '', email: '', subscribeReport: false },
          { cardId: 'A2', holder: 'Bo', group: '', email: '', subscribeReport: false },
        ],
      },
    ]);
  });

  it('refuses a file without the header, without asking the server', async () => {
    const server = fakeServer();
    openDialog();
    choose('A1,Ann\n');
    expect((await screen.findByTestId('card-import-invalid')).textContent).toBe(
      'The first line must name the columns: cardId,holder,group,email,subscribeReport.',
    );
    expect(server.requests).toHaveLength(0);
    expect(screen.getByTestId('card-import-submit')).toHaveProperty('disabled', true);
  });

  it('reads a file saved as Windows-1252 by Excel without garbling accents', async () => {
    const server = fakeServer({ [importCardsPath]: envelope(200, 'success', result([])) });
    openDialog();
    // "cardId,holder\nA1,Müller\n" with ü as the single byte 0xFC.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('cardId,holder\nA1,M'),
      0xfc,
      ...new TextEncoder().encode('ller\n'),
    ]);
    choose(bytes);
    await waitFor(() => expect(bodiesOf(server.requests, importCardsPath)).toHaveLength(1));
    expect(bodiesOf(server.requests, importCardsPath)[0]?.rows).toEqual([
      { cardId: 'A1', holder: 'Müller', group: '', email: '', subscribeReport: false },
    ]);
  });
});
