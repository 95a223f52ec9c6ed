// Test helpers of the sites feature: a site builder and a fake server that answers the site calls like the real one
// (name filter, order by name, paging, the locked currency). Only tests import this file.
import { vi } from 'vitest';
import type { Site } from '@plugboard/contract';

let nextId = 100;

export function aSite(overrides: Partial<Site> = {}): Site {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Site ${id}`,
    address: `${id} Main Street`,
    currency: 'EUR',
    fixedCost: 0.25,
    fixedCostIncludesVat: true,
    powerCapacity: 50,
    phases: 3,
    capacityL1: 32,
    capacityL2: 32,
    capacityL3: 32,
    isOpenLoad: 0,
    contactName: '',
    contactEmail: '',
    helpPhone: '',
    timeZone: 'Europe/Amsterdam',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export type SitesRequest = { path: string; body: Record<string, unknown> };

const ok = (data: unknown) => ({ status: 200, msg: 'success', data });

export function fakeSitesServer(initial: Site[], user = { id: 1, email: 'ada@example.com', name: 'Ada' }) {
  const sites = [...initial];
  const requests: SitesRequest[] = [];
  const answer = (path: string, body: Record<string, unknown>) => {
    const find = () => sites.find((site) => site.id === body.stationId);
    switch (path.split('/cms-system/system/')[1] ?? '') {
      case 'user/v2/detail':
        return ok(user);
      case 'user/v2/login':
        return ok({ token: 'fresh-token', user });
      case 'station/v2/list': {
        const name = typeof body.name === 'string' ? body.name.toLowerCase() : '';
        const pageNum = Number(body.pageNum ?? 1);
        const pageSize = Number(body.pageSize ?? 10);
        const found = sites
          .filter((site) => site.name.toLowerCase().includes(name))
          .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id);
        const list = found.slice((pageNum - 1) * pageSize, pageNum * pageSize);
        return ok({ list, total: found.length, pageNum, pageSize });
      }
      case 'station/v2/detail':
        return find() ? ok(find()) : { status: 1502, msg: 'Site does not exist', data: null };
      case 'station/v2/add': {
        const site = aSite(body);
        sites.push(site);
        return ok(site);
      }
      case 'station/v2/update': {
        const site = find();
        if (!site) return { status: 1502, msg: 'Site does not exist', data: null };
        if (body.currency !== undefined && body.currency !== site.currency)
          return { status: 4129, msg: 'The currency of a site cannot be changed once set', data: null };
        const { stationId: _id, ...patch } = body;
        Object.assign(site, patch);
        return ok(site);
      }
      default:
        return ok(null);
    }
  };
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
    requests.push({ path, body });
    return Promise.resolve(
      new Response(JSON.stringify(answer(path, body)), { headers: { 'content-type': 'application/json' } }),
    );
  });
  const calls = (call: string) => requests.filter((request) => request.path.endsWith(call));
  return { sites, requests, calls };
}
