import { describe, expect, it } from 'vitest';
import { filterBody, readListParams, writeListParams } from './list-params';

describe('session list parameters in the URL', () => {
  it('falls back to the defaults for anything odd', () => {
    const params = readListParams(
      new URLSearchParams('status=lost&sortBy=color&pageNum=-2&pageSize=5000&chargerId=x'),
    );
    expect(params).toMatchObject({
      status: '',
      sortBy: 'startTime',
      sortOrder: 'desc',
      pageNum: 1,
      pageSize: 100,
      chargerId: null,
    });
  });

  it('keeps only what differs from the defaults', () => {
    const written = writeListParams(new URLSearchParams(), { status: 'complete', chargerId: 4, pageNum: 1 });
    expect(written.toString()).toBe('chargerId=4&status=complete');
  });

  it('turns the typed range into instants and leaves empty filters out', () => {
    const params = readListParams(new URLSearchParams('from=2025-03-01T00:00&cardId=%20CARD1%20'));
    expect(filterBody(params)).toEqual({
      startFrom: new Date(2025, 2, 1).toISOString(),
      startTo: undefined,
      chargerId: undefined,
      cardId: 'CARD1',
      status: undefined,
      sortBy: 'startTime',
      sortOrder: 'desc',
    });
  });
});
