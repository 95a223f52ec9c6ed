import { describe, expect, it } from 'vitest';
import { periodIn } from '@plugboard/pricing';
import { filterOf, noFilter } from './invoice-filters';

describe('invoice list filter', () => {
  it("asks for the period's instants in the site's zone, a group or a card, and a status", () => {
    expect(filterOf(noFilter, 'Europe/Amsterdam')).toEqual({});
    expect(filterOf({ period: 'lastMonth', customer: 'group:5', status: 'sent' }, 'Asia/Tokyo')).toEqual({
      ...periodIn('lastMonth', 'Asia/Tokyo'),
      groupId: 5,
      status: 'sent',
    });
    expect(filterOf({ ...noFilter, customer: 'card:12' }, 'UTC')).toEqual({ cardId: 12 });
  });
});
