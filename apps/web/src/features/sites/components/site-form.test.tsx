import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { aSite, fakeSitesServer } from '../testing';
import { AddSiteForm } from './add-site-form';
import { SiteDetails } from './site-details';

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

const field = (name: string) => screen.getByTestId(`site-form-${name}`);
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const helper = (name: string) => document.getElementById(`site-form-${name}-helper-text`)?.textContent;

function fillValidSite() {
  type('name', 'Depot North');
  type('address', 'Main St 1');
  type('currency', 'EUR');
  type('fixed-cost', '0.30');
  type('power-capacity', '22');
  fireEvent.click(field('phases-1'));
  type('capacity-l1', '32');
}

describe('site form', () => {
  it('explains wrong values before any request is made', async () => {
    const server = fakeSitesServer([]);
    withQueries(<AddSiteForm onAdded={vi.fn()} />);
    type('fixed-cost', '-1');
    type('power-capacity', '0');
    type('capacity-l1', '16.5');
    type('contact-email', 'not-an-email');
    fireEvent.click(field('submit'));

    expect(helper('fixed-cost')).toBe('The fixed cost must be a number of at least 0');
    expect(helper('power-capacity')).toBe('The power capacity must be a positive number');
    expect(helper('capacity-l1')).toBe('Enter a whole number of amperes');
    expect(helper('currency')).toBe('The currency must be selected');
    expect(helper('contact-email')).toBe('Enter a valid e-mail address');
    expect(helper('name')).toBe('Enter the site name');
    await Promise.resolve();
    expect(server.requests).toHaveLength(0);
  });

  it('shows the messages in the chosen language', async () => {
    fakeSitesServer([]);
    await changeLanguage('de_DE');
    withQueries(<AddSiteForm onAdded={vi.fn()} />);
    type('fixed-cost', '-1');
    fireEvent.click(field('submit'));
    expect(helper('fixed-cost')).toBe('Die Fixkosten müssen eine Zahl von mindestens 0 sein');
  });

  it('clears a message once the value is right', () => {
    fakeSitesServer([]);
    withQueries(<AddSiteForm onAdded={vi.fn()} />);
    type('fixed-cost', '-1');
    fireEvent.click(field('submit'));
    type('fixed-cost', '0');
    expect(helper('fixed-cost')).not.toBe('The fixed cost must be a number of at least 0');
  });

  it('adds a single-phase site without a stationId and with only L1', async () => {
    const server = fakeSitesServer([]);
    localStorage.setItem('stationId', '77');
    const onAdded = vi.fn();
    withQueries(<AddSiteForm onAdded={onAdded} />);
    expect(screen.queryByTestId('site-form-capacity-l2')).toBeTruthy();
    fillValidSite();
    expect(screen.queryByTestId('site-form-capacity-l2')).toBeNull();
    fireEvent.click(field('submit'));

    await waitFor(() =>
      expect(onAdded).toHaveBeenCalledWith(expect.objectContaining({ name: 'Depot North' })),
    );
    const body = server.calls('station/v2/add')[0]?.body;
    expect(body).toMatchObject({
      name: 'Depot North',
      currency: 'EUR',
      fixedCost: 0.3,
      powerCapacity: 22,
      phases: 1,
      capacityL1: 32,
      capacityL2: null,
      capacityL3: null,
    });
    expect(body?.stationId).toBeUndefined();
  });

  it('locks the currency of an existing site and leaves it out of the update', async () => {
    const site = aSite({ id: 8, name: 'Old name', currency: 'GBP' });
    const server = fakeSitesServer([site]);
    const onSaved = vi.fn();
    withQueries(<SiteDetails id={8} mode="edit" onSaved={onSaved} onCancel={vi.fn()} onEdit={vi.fn()} />);
    await screen.findByTestId('site-form');
    expect((field('currency') as HTMLSelectElement).disabled).toBe(true);
    expect((field('currency') as HTMLSelectElement).value).toBe('GBP');
    expect(helper('currency')).toBe('The currency cannot be changed once the site exists');
    type('name', 'New name');
    fireEvent.click(field('submit'));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = server.calls('station/v2/update')[0]?.body;
    expect(body).toMatchObject({ stationId: 8, name: 'New name' });
    expect(body).not.toHaveProperty('currency');
  });

  it('shows a site read-only, with no submit', async () => {
    fakeSitesServer([aSite({ id: 9, name: 'Shown' })]);
    withQueries(<SiteDetails id={9} mode="view" onSaved={vi.fn()} onCancel={vi.fn()} onEdit={vi.fn()} />);
    await screen.findByTestId('site-form');
    expect((field('name') as HTMLInputElement).readOnly).toBe(true);
    expect((field('currency') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.queryByTestId('site-form-submit')).toBeNull();
    expect(screen.getByTestId('site-details-edit')).toBeTruthy();
  });
});
