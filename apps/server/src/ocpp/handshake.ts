import type { IncomingMessage } from 'node:http';
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

export type HandshakeDecision =
  | { accept: true; charger: ChargerIdentity; protocol: OcppProtocol }
  | { accept: false; status: 400 | 401 | 404 | 429; message: string };

export const ocppEndpoint = '/ocpp';

/**
 * Decides whether a charger may open its socket (OCPP security profile 1): the path names a registered product
 * code and the HTTP Basic password is its PIN. Failures count per product code and per remote address; once
 * either has had too many, a pair (code, address) that has failed waits a growing backoff between checks (429
 * before), while a pair that has not failed is checked at once: the right PIN from the charger's own address always
 * connects (docs/security.md).
 */
export function handshakeGate({
  chargers,
  limiter,
  trustProxy,
}: {
  chargers: Pick<ChargerService, 'authenticate'>;
  limiter: FailureLimiter;
  trustProxy: boolean | string[];
}) {
  const trust = typeof trustProxy === 'boolean' ? () => trustProxy : proxyAddr.compile(trustProxy);

  return async (handshake: Handshake): Promise<HandshakeDecision> => {
    if (handshake.endpoint !== ocppEndpoint) return { accept: false, status: 404, message: 'Not found' };
    const protocol = ocppProtocols.find((p) => handshake.protocols.has(p));
    if (!protocol) {
      return { accept: false, status: 400, message: `Subprotocol required: ${ocppProtocols.join(', ')}` };
    }
    const code = handshake.identity.toLowerCase();
    const address = proxyAddr(handshake.request, trust);
    const keys = [`code:${code}`, `address:${address}`];
    const pair = `${code}|${address}`;
    if (!limiter.mayTry(pair, keys).allowed) {
      return { accept: false, status: 429, message: 'Too many failed attempts, retry later' };
    }
    // As bytes: a charger following the security whitepaper presents its AuthorizationKey decoded from hex.
    const password = handshake.password;
    const charger =
      password !== undefined && chargerLimits.productCodePattern.test(handshake.identity)
        ? await chargers.authenticate(handshake.identity, password)
        : null;
    if (!charger) {
      limiter.fail(pair, keys);
      return { accept: false, status: 401, message: 'Unknown charger or wrong PIN' };
    }
    limiter.succeed(pair);
    return { accept: true, charger, protocol };
  };
}
