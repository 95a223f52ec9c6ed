import { describe, expect, it } from 'vitest';
import { orderDropdownSites } from './dropdown-order';

const site = (id: number, name = `Site ${id}`) => ({ id, name, address: `${name} street` });
const ids = (sites: { id: number | string }[]) => sites.map((s) => s.id);

describe('site dropdown order (spec section 4)', () => {
  it('puts the selected site first when it is among the results', () => {
    const ordered = orderDropdownSites([site(1), site(2), site(3)], site(3), '');
    expect(ids(ordered)).toEqual([3, 1, 2]);
    expect(ordered.map((s) => s.isSelected)).toEqual([true, false, false]);
  });

  it('keeps the selected site first while searching too', () => {
    expect(ids(orderDropdownSites([site(4), site(7)], site(7), 'depot'))).toEqual([7, 4]);
  });

  it('with an empty search and the selected site not among them, drops the third result and puts it first', () => {
    const ordered = orderDropdownSites([site(1), site(2), site(3)], site(9), '');
    expect(ids(ordered)).toEqual([9, 1, 2]);
    expect(ordered[0]?.isSelected).toBe(true);
  });

  it('treats a search of spaces as empty', () => {
    expect(ids(orderDropdownSites([site(1), site(2), site(3)], site(9), '   '))).toEqual([9, 1, 2]);
  });

  it('drops nothing when there is no third result', () => {
    expect(ids(orderDropdownSites([site(1), site(2)], site(9), ''))).toEqual([9, 1, 2]);
    expect(ids(orderDropdownSites([], site(9), ''))).toEqual([9]);
  });

  it('shows the results as they are when a search does not find the selected site', () => {
    const ordered = orderDropdownSites([site(1), site(2), site(3)], site(9), 'site');
    expect(ids(ordered)).toEqual([1, 2, 3]);
    expect(ordered.some((s) => s.isSelected)).toBe(false);
  });

  it('shows the results as they are when no site is selected', () => {
    expect(ids(orderDropdownSites([site(1), site(2), site(3)], null, ''))).toEqual([1, 2, 3]);
  });

  it('matches ids stored as text with numeric ones', () => {
    expect(ids(orderDropdownSites([site(1), site(2)], { id: '2', name: 'Site 2' } as never, ''))).toEqual([
      2, 1,
    ]);
  });
});
