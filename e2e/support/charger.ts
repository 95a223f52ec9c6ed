import type { Page } from '@playwright/test';
import {
  createSimulatedCharger,
  type SimulatedCharger,
  type SimulatedChargerOptions,
} from '@plugboard/charger-sim';
import type { Site } from '@plugboard/contract';
import { addSite, apiData, registerAccount, signInWithToken } from './api.ts';

/** A simulated charger that keeps a log of what it sent (→, ←) and what the central system asked of it (⇐, ⇒). */
export type LoggedCharger = SimulatedCharger & {
  readonly lines: readonly string[];
  /** The payloads of the commands of `action` the charger has received so far, oldest first. */
  received: (action: string) => unknown[];
  /** How many times the central system accepted its BootNotification. */
  boots: () => number;
};

const running = new Set<LoggedCharger>();

/** ws://<the server under test>/ocpp: the central system shares the console's port. */
export function ocppUrl(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('no baseURL: the global setup starts the server and sets PLUGBOARD_URL');
  const url = new URL('/ocpp', baseURL);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * Creates (but does not boot) a simulated charger against the server under test. It restarts quickly after a Reset
 * and meters every second while charging, so the console has live readings to show. `stopChargers()` ends them all.
 */
export function simulateCharger(options: {
  baseURL: string | undefined;
  productCode: string;
  pin: string;
  /** More of the simulator's options: the car's power, its phases. */
  sim?: Partial<SimulatedChargerOptions>;
}) {
  const lines: string[] = [];
  const charger = createSimulatedCharger({
    url: ocppUrl(options.baseURL),
    productCode: options.productCode,
    pin: options.pin,
    rebootDelayMs: 200,
    meterIntervalMs: 1000,
    ...options.sim,
    log: (line) => lines.push(line),
  });
  const received = (action: string) =>
    lines
      .filter((line) => line.startsWith(`⇐ ${action} `))
      .map((line) => JSON.parse(line.slice(`⇐ ${action} `.length)) as unknown);
  const boots = () => lines.filter((line) => line.startsWith('← BootNotification ')).length;
  const logged = Object.assign(charger, { lines, received, boots }) as LoggedCharger;
  running.add(logged);
  return logged;
}

/** Stops every simulated charger of the test, so that none reconnects into the next one. */
export async function stopChargers(): Promise<void> {
  const chargers = [...running];
  running.clear();
  await Promise.all(chargers.map((charger) => charger.stop().catch(() => undefined)));
}

/** Selects `site` in the page's storage, as choosing it on the select-site screen does, without going through it. */
export async function selectSite(page: Page, site: Site): Promise<void> {
  await page.evaluate(({ id, name, address }) => {
    localStorage.setItem('stationId', String(id));
    localStorage.setItem('lastSelectStation', String(id));
    localStorage.setItem('selectSite', JSON.stringify({ id, name, address }));
  }, site);
}

/** A product code no other test run uses (the server's product codes are unique across accounts). */
export function uniqueProductCode(prefix = 'E2E'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
}

/**
 * A new account signed in on `page`, with a site named `siteName` and one charger on it whose simulator has booted:
 * where a charger's details and tools are tried.
 */
export async function aSiteWithCharger(page: Page, baseURL: string | undefined, siteName = 'Workshop') {
  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token, { name: siteName });
  const productCode = uniqueProductCode();
  const pin = 'e2e-Pin-7';
  const added = await apiData<{ id: number }>(
    page.request,
    '/cms-system/system/charger/v2/add',
    { stationId: site.id, productCode, pin },
    account.token,
  );
  const sim = simulateCharger({ baseURL, productCode, pin });
  await sim.boot();
  await signInWithToken(page, account.token);
  await selectSite(page, site);
  return { account, site, productCode, pin, chargerId: added.id, sim };
}
