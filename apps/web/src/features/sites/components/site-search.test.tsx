import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { setSelectedSite } from '../../../lib/storage';
import { aSite, fakeSitesServer } from '../testing';
import { SiteSearch } from './site-search';

const alpha = aSite({ id: 1, name: 'Alpha Hub', address: 'Alpha Road 1' });
const beta = aSite({ id: 2, name: 'Beta Yard', address: 'Beta Road 2' });
const gamma = aSite({ id: 3, name: 'Gamma Park', address: 'Gamma Road 3' });
const zeta = aSite({ id: 4, name: 'Zeta Depot', address: 'Zeta Road 4' });

function renderSearch(selected = zeta) {
  setSelectedSite(selected);
  const onChoose = vi.fn();
  const onViewMore = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SiteSearch onChoose={onChoose} onViewMore={onViewMore} />
    </QueryClientProvider>,
  );
  return { onChoose, onViewMore, input: screen.getByTestId('site-search') };
}

const optionIds = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.getAttribute('data-testid'));

describe('top-bar site search', () => {
  it("shows the selected site's name as placeholder and asks for nothing before focus", () => {
    const server = fakeSitesServer([alpha, beta, gamma, zeta]);
    const { input } = renderSearch();
    expect(input.getAttribute('placeholder')).toBe('Zeta Depot');
    expect(server.requests).toHaveLength(0);
  });

  it('on focus shows three sites, the selected one first in place of the third result', async () => {
    const server = fakeSitesServer([alpha, beta, gamma, zeta]);
    const { input } = renderSearch();
    fireEvent.focus(input);
    await waitFor(() =>
      expect(optionIds()).toEqual(['site-search-option-4', 'site-search-option-1', 'site-search-option-2']),
    );
    expect(screen.getByTestId('site-search-option-4').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('site-search-option-1').textContent).toContain('Alpha Road 1');
    expect(server.calls('station/v2/list')[0]?.body).toMatchObject({ pageNum: 1, pageSize: 3 });
    expect(server.calls('station/v2/list')[0]?.body.name).toBeUndefined();
  });

  it('moves the selected site to the top when the results hold it', async () => {
    fakeSitesServer([alpha, beta, gamma, zeta]);
    const { input } = renderSearch(beta);
    fireEvent.focus(input);
    await waitFor(() =>
      expect(optionIds()).toEqual(['site-search-option-2', 'site-search-option-1', 'site-search-option-3']),
    );
  });

  it('searches once the typing has stopped for 300 ms', async () => {
    const server = fakeSitesServer([alpha, beta, gamma, zeta]);
    const { input } = renderSearch();
    fireEvent.focus(input);
    await screen.findByTestId('site-search-option-4');
    for (const text of ['g', 'ga', 'gam']) fireEvent.change(input, { target: { value: text } });
    await waitFor(() => expect(optionIds()).toEqual(['site-search-option-3']));
    expect(server.calls('station/v2/list').map((call) => call.body.name)).toEqual([undefined, 'gam']);
  });

  it('does not put the selected site in front of a search that does not find it', async () => {
    fakeSitesServer([alpha, beta, gamma, zeta]);
    const { input } = renderSearch();
    fireEvent.focus(input);
    await screen.findByTestId('site-search-option-4');
    fireEvent.change(input, { target: { value: 'ar' } });
    await waitFor(() => expect(optionIds()).toEqual(['site-search-option-2', 'site-search-option-3']));
  });

  it('says "no data" when nothing matches, and still offers "view more"', async () => {
    fakeSitesServer([alpha]);
    const { input, onViewMore } = renderSearch(alpha);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'nothing like this' } });
    expect((await screen.findByTestId('site-search-empty')).textContent).toBe('No data');
    fireEvent.click(screen.getByTestId('site-search-view-more'));
    expect(onViewMore).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('site-search-dropdown')).toBeNull();
  });

  it('passes on another site when chosen, and only closes for the selected one', async () => {
    fakeSitesServer([alpha, beta, gamma, zeta]);
    const { input, onChoose } = renderSearch();
    fireEvent.focus(input);
    fireEvent.click(await screen.findByTestId('site-search-option-4'));
    expect(onChoose).not.toHaveBeenCalled();
    expect(screen.queryByTestId('site-search-dropdown')).toBeNull();

    fireEvent.focus(input);
    fireEvent.click(await screen.findByTestId('site-search-option-1'));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 1, name: 'Alpha Hub' }));
  });

  it('closes on Escape', async () => {
    fakeSitesServer([alpha]);
    const { input } = renderSearch(alpha);
    fireEvent.focus(input);
    await screen.findByTestId('site-search-option-1');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('site-search-dropdown')).toBeNull();
    // A click (or arrow down) opens it again.
    fireEvent.click(input);
    expect(await screen.findByTestId('site-search-option-1')).toBeTruthy();
  });
});
