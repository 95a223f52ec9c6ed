import type { FastifyInstance } from 'fastify';

/**
 * What the console may load: its own scripts only (no inline script, no eval), its own styles plus the style tags
 * that MUI's emotion writes at run time, images of its own or data:/blob: (account pictures, charts), calls and the
 * live socket to its own origin. No framing by any page (clickjacking), no plugins, no <base> or form elsewhere.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Headers on every answer. Referrer-Policy no-referrer: a display link's URL carries its token, and no page of
 * the console has anything to tell another site. HSTS whenever the request came over TLS: the server's own
 * (TLS_CERT) or a proxy's that TRUST_PROXY lets X-Forwarded-Proto say so; never over plain http, where a browser
 * would ignore it and a LAN install without TLS must stay reachable.
 */
const headers = {
  'content-security-policy': contentSecurityPolicy,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

export function registerSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request (bench/api).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    done();
  });
}
