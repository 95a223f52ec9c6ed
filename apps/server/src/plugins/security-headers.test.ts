import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  behindProxy = await createTestApp({ trustProxy: ['127.0.0.1'] });
});
afterAll(async () => {
  await t.close();
  await behindProxy.close();
});

describe('security headers', () => {
  it('sends CSP without inline script, no framing, nosniff and no referrer on the console and the API', async () => {
    for (const [method, url] of [
      ['GET', '/'],
      ['GET', '/sessions'],
      ['POST', '/cms-system/system/user/v2/detail'],
      ['GET', '/healthz'],
    ] as const) {
      const { headers } = await t.app.inject({ method, url });
      const csp = String(headers['content-security-policy']);
      expect(csp, url).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'|'unsafe-eval'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['strict-transport-security']).toBeUndefined(); // plain http
    }
  });

  it('sends HSTS when a trusted proxy says the request came over TLS, and not otherwise', async () => {
    const https = await behindProxy.app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
    // From an address it does not trust, the header proves nothing.
    const spoofed = await behindProxy.app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});
