import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calls,
  diagnosticsFilePath,
  invoicePdfPath,
  invoiceXmlPath,
  requestHeaders,
  sessionExportPath,
} from '@plugboard/contract';
import { call, consoleHeaders, createTestApp, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = '/cms-system/system/user/v2/login';
const credentials = { email: 'nobody@example.com', password: 'secret-123' };

describe('the server around the calls', () => {
  it('answers /healthz once the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown call with the 404 envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/cms-system/system/nothing/here',
      payload: {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, data: null });
  });

  it('answers a console page (any other GET) with the console, never a 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sessionList?page=2' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<html|<!doctype html/i);
  });

  it('lists every contract call in /cms-system/openapi.json, and the calls that answer files', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/cms-system/openapi.json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths.sort()).toEqual(
      [...Object.keys(calls), sessionExportPath, invoicePdfPath, invoiceXmlPath, diagnosticsFilePath].sort(),
    );
  });
});

describe('the request signature', () => {
  const post = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: login,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: credentials,
    });

  it('lets a correctly signed call through to its handler', async () => {
    const { http, body } = await call(t.app, login, credentials);
    expect(http).toBe(200);
    expect(body.status).toBe(4122);
  });

  it('refuses a call without a signature with HTTP 401 and status 419', async () => {
    const { [requestHeaders.authorization]: _dropped, ...headers } = consoleHeaders(login);
    const response = await post(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 419, data: null });
  });

  it('refuses a wrong signature (another path signed) with HTTP 401 and status 419', async () => {
    const headers = consoleHeaders(login);
    headers[requestHeaders.authorization] = consoleHeaders('/cms-system/system/user/v2/register')[
      requestHeaders.authorization
    ]!;
    const response = await post(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 419 });
  });

  it.each([
    ['6 minutes behind', -6],
    ['6 minutes ahead', 6],
  ])('refuses a timestamp %s of the server clock', async (_label, minutes) => {
    const response = await post(consoleHeaders(login, '', Date.now() + minutes * 60_000));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 419 });
  });
});
