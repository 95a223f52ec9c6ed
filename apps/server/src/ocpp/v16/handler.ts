import type { FastifyBaseLogger } from 'fastify';
import type {
  Ocpp16CentralSystemAction,
  Ocpp16ChargePointAction,
  Ocpp16Request,
  Ocpp16Response,
} from '@plugboard/ocpp';
import type { ChargerIdentity, ChargerService } from '../../modules/chargers/chargers.service.ts';
import type { SessionService } from '../../modules/sessions/sessions.service.ts';
import type { SecurityEventEntry } from '../../modules/ocpp-log/ocpp-log.service.ts';
import type { CertificateSigningService } from '../../modules/certificates/certificate-signing.service.ts';

/** What a handler of one charger's messages may use: who the charger is, and the services. */
export type V16Context = {
  charger: ChargerIdentity;
  chargers: ChargerService;
  sessions: SessionService;
  /** Seconds, given to the charger in the BootNotification answer. */
  heartbeatInterval: number;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Vendor ids whose DataTransfer is Accepted (OCPP_DATA_TRANSFER_VENDORS); the message log keeps it raw. */
  dataTransferVendors?: ReadonlySet<string>;
  /** Stores a SecurityEventNotification (modules/ocpp-log); absent, the event is only answered. */
  securityEvents?: (event: SecurityEventEntry) => Promise<void>;
  /** Signs a charger's CSR with the configured CA (modules/certificates); absent, SignCertificate is Rejected. */
  certificateSigning?: Pick<CertificateSigningService, 'signRequest'>;
  /** Stores a LogStatusNotification with its GetLog (modules/diagnostics); absent, it is only answered. */
  logStatus?: (chargerId: number, status: string, requestId?: number) => Promise<void>;
  /** A command to this charger (through the registry), for a handler that asks something back after answering. */
  command?: <A extends Ocpp16CentralSystemAction>(
    action: A,
    payload: Ocpp16Request<A>,
  ) => Promise<Ocpp16Response<A>>;
};

/**
 * Handles one incoming OCPP 1.6 CALL whose payload strict mode has validated. A business outcome (unknown
 * transaction, unknown vendor, refused card) is an answer, never a thrown error: a CALLERROR means the message
 * itself was wrong, and the charger would retry it.
 */
export type V16Handler<A extends Ocpp16ChargePointAction> = (
  params: Ocpp16Request<A>,
  ctx: V16Context,
) => Promise<Ocpp16Response<A>>;
