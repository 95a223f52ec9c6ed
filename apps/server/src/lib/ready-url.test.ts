import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { readyUrl } from './ready-url.ts';

/** The address a real socket listens on for that host. */
async function listenedOn(host: string) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return address;
}

describe('the ready line', () => {
  it('names the address listened on: HOST=127.0.0.1 reads 127.0.0.1, not localhost', async () => {
    const address = await listenedOn('127.0.0.1');
    expect(typeof address === 'object' && readyUrl(address, false)).toBe(
      `http://127.0.0.1:${typeof address === 'object' && address?.port}`,
    );
  });

  it('reads localhost for every interface, and puts an IPv6 address in brackets', () => {
    expect(readyUrl({ address: '0.0.0.0', family: 'IPv4', port: 8080 }, false)).toBe(
      'http://localhost:8080 (every interface)',
    );
    expect(readyUrl({ address: '::', family: 'IPv6', port: 8443 }, true)).toBe(
      'https://localhost:8443 (every interface)',
    );
    expect(readyUrl({ address: '::1', family: 'IPv6', port: 8080 }, false)).toBe('http://[::1]:8080');
    expect(readyUrl({ address: '192.168.1.20', family: 'IPv4', port: 80 }, true)).toBe(
      'https://192.168.1.20:80',
    );
  });
});
