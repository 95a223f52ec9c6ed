import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import { chargerLimits } from '@plugboard/contract';
import { ocppProtocols, type OcppProtocol } from '@plugboard/ocpp';
import type { ChargerIdentity, ChargerService } from '../modules/chargers/chargers.service.ts';
import type { FailureLimiter } from './failure-limiter.ts';

/** The subset of ocpp-rpc's handshake the decision needs. */
export type Handshake = {
  identity: string;
  endpoint: string;
  protocols: Set<string>;
  password: Buffer | undefined;
  request: IncomingMessage;
};

/**
 * `address` is the client's: the socket's, or behind a proxy that TRUST_PROXY trusts, the right-most address of
 * X-Forwarded-For it does not trust (as Fastify's trustProxy has it). The failure limiter counts it and the connection
 * history records it.
 */
export type HandshakeDecision =
  | { accept: true; charger: ChargerIdentity; protocol: OcppProtocol; address: string }
  | { accept: false; status: 400 | 401 | 404 | 429; message: string; address: string };

export const ocppEndpoint = '/ocpp';

/**
 * Decides whether a charger may open its socket: the path names a registered product code and the charger proves
 * it at its security profile (OCPP 1.6 security whitepaper): 1, the HTTP Basic password is its PIN; 2, the same over
 * TLS only; 3, over TLS with a client certificate the configured CA signed whose CN is the product code, and nothing
 * else (no falling back to the PIN). Failures count per product code and per remote address; once
 * either has had too many, a pair (code, address) that has failed waits a growing backoff between checks (429
 * before), while a pair that has not failed is checked at once: the right PIN from the charger's own address always
 * connects (docs/security.md).
 */
export function handshakeGate({
  chargers,
  limiter,
  trustProxy,
}: {
  chargers: Pick<ChargerService, 'credentialsOf'>;
  limiter: FailureLimiter;
  trustProxy: boolean | string[];
}) {
  const trust = typeof trustProxy === 'boolean' ? () => trustProxy : proxyAddr.compile(trustProxy);

  return async (handshake: Handshake): Promise<HandshakeDecision> => {
    const address = proxyAddr(handshake.request, trust);
    if (handshake.endpoint !== ocppEndpoint)
      return { accept: false, status: 404, message: 'Not found', address };
    const protocol = ocppProtocols.find((p) => handshake.protocols.has(p));
    if (!protocol) {
      const message = `Subprotocol required: ${ocppProtocols.join(', ')}`;
      return { accept: false, status: 400, message, address };
    }
    const code = handshake.identity.toLowerCase();
    const keys = [`code:${code}`, `address:${address}`];
    const pair = `${code}|${address}`;
    if (!limiter.mayTry(pair, keys).allowed) {
      return { accept: false, status: 429, message: 'Too many failed attempts, retry later', address };
    }
    const valid = chargerLimits.productCodePattern.test(handshake.identity);
    // One read of the charger's row serves the profile and the PIN check (a reconnect storm is thousands of them).
    const credentials = valid ? await chargers.credentialsOf(handshake.identity) : null;
    const profile = credentials?.securityProfile ?? 1;
    const transport = transportOf(handshake.request, trust);
    // As bytes: a charger following the security whitepaper presents its AuthorizationKey decoded from hex.
    const password = handshake.password;
    let charger = null;
    if (profile === 3) {
      const cn = transport.certificateCn;
      const known = credentials?.charger;
      if (known && cn !== undefined && cn.toLowerCase() === known.productCode.toLowerCase()) charger = known;
    } else if (profile === 1 || transport.encrypted) {
      charger = credentials && password !== undefined ? await credentials.authenticate(password) : null;
    }
    if (!charger) {
      limiter.fail(pair, keys);
      return { accept: false, status: 401, message: 'Unknown charger or wrong PIN', address };
    }
    limiter.succeed(pair);
    return { accept: true, charger, protocol, address };
  };
}

/** How the socket reached this server: over TLS, and the CN of a client certificate the configured CA signed. */
export type Transport = { encrypted: boolean; certificateCn: string | undefined };

/**
 * A TLS socket of this server, or TLS ended at a trusted proxy that says so (X-Forwarded-Proto: https). A client
 * certificate counts only when this server checked it itself: a proxy's word for one is not taken.
 */
export function transportOf(
  request: IncomingMessage,
  trust: (address: string, hop: number) => boolean,
): Transport {
  const socket = request.socket as Partial<TLSSocket>;
  if (socket.encrypted) {
    const subject = socket.authorized ? socket.getPeerCertificate?.()?.subject : undefined;
    // Typed as a string, but an array when the subject names several CNs: then it names no one charger.
    const cn: unknown = subject?.CN;
    return { encrypted: true, certificateCn: typeof cn === 'string' ? cn : undefined };
  }
  const forwarded = request.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return {
    encrypted: proto === 'https' && trust(request.socket.remoteAddress ?? '', 0),
    certificateCn: undefined,
  };
}
