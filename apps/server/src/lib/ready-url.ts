import type { AddressInfo } from 'node:net';

/**
 * The address the ready line prints: the one the server actually listens on (HOST=127.0.0.1 reads 127.0.0.1, an
 * IPv6 address in brackets); listening on every interface (0.0.0.0 or ::, the default) reads localhost, the way to
 * reach it from this machine, and says so.
 */
export function readyUrl(address: AddressInfo | string | null, tls: boolean): string {
  const scheme = tls ? 'https' : 'http';
  if (address === null || typeof address === 'string') return `${scheme}://${address ?? 'localhost'}`;
  const every = address.address === '0.0.0.0' || address.address === '::';
  const host = every ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `${scheme}://${host}:${address.port}${every ? ' (every interface)' : ''}`;
}
