import type { APIRequestContext, Page } from '@playwright/test';
import { consoleRequestHeaders, type Site, type SiteFieldsInput } from '@plugboard/contract';
import { codeIn, mailCount, waitForMail } from './mail.ts';

type Answer<T> = { status: number; msg: string; data: T };

/** Calls the console API signed exactly like the console's api-client does. */
export async function apiCall<T = unknown>(
  request: APIRequestContext,
  path: string,
  body: Record<string, unknown> = {},
  token = '',
): Promise<Answer<T>> {
  const res = await request.post(path, { data: body, headers: consoleRequestHeaders(path, token) });
  return (await res.json()) as Answer<T>;
}

let counter = 0;

/** A fresh account registered through the API with the code from the real mail; returns its credentials. */
export async function registerAccount(
  request: APIRequestContext,
  { name = 'Test Operator', language = 'en_US' }: { name?: string; language?: string } = {},
) {
  const email = `op-${Date.now()}-${process.pid}-${++counter}@example.test`;
  const password = 'charge-2-go!';
  const before = mailCount();
  const sent = await apiCall(request, '/cms-system/system/verify/code/send', {
    email,
    purpose: 'register',
    language,
  });
  if (sent.status !== 200) throw new Error(`code send failed: ${sent.status} ${sent.msg}`);
  const code = codeIn(await waitForMail(email, { after: before }));
  const registered = await apiCall<{ token: string }>(request, '/cms-system/system/user/v2/register', {
    email,
    password,
    confirmPassword: password,
    code,
    companyName: 'Test Charging BV',
    companyAddress: 'Stationsplein 1, Utrecht',
    name,
    language,
    agreeTerms: true,
  });
  if (registered.status !== 200) throw new Error(`register failed: ${registered.status} ${registered.msg}`);
  return { email, password, token: registered.data.token };
}

/** The `data` of a call that must succeed; anything else fails the test with the server's answer. */
export async function apiData<T>(
  request: APIRequestContext,
  path: string,
  body: Record<string, unknown> = {},
  token = '',
): Promise<T> {
  const answer = await apiCall<T>(request, path, body, token);
  if (answer.status !== 200) throw new Error(`${path} failed: ${answer.status} ${answer.msg}`);
  return answer.data;
}

/** Logs an existing account in again through the API; returns the new session token. */
export async function loginAccount(
  request: APIRequestContext,
  { email, password }: { email: string; password: string },
): Promise<string> {
  const data = await apiData<{ token: string }>(request, '/cms-system/system/user/v2/login', {
    email,
    password,
  });
  return data.token;
}

/** A valid single-phase site; override any field. */
export function siteFields(overrides: Partial<SiteFieldsInput> = {}): SiteFieldsInput {
  return {
    name: 'E2E Site',
    address: 'Stationsplein 1, Utrecht',
    currency: 'EUR',
    fixedCost: 0.25,
    powerCapacity: 22,
    phases: 1,
    capacityL1: 32,
    ...overrides,
  };
}

/** Adds a site to the account of `token` through the API. */
export function addSite(
  request: APIRequestContext,
  token: string,
  overrides: Partial<SiteFieldsInput> = {},
): Promise<Site> {
  return apiData<Site>(request, '/cms-system/system/station/v2/add', siteFields(overrides), token);
}

/**
 * Puts a session token into the page's localStorage as the login screen does, without going through it. The page is
 * left on a same-origin path that loads nothing of the console; navigate on from there.
 */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.goto('/healthz');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}
