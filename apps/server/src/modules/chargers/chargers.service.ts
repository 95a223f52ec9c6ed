import {
  codes,
  chargerLimits,
  errorMessages,
  type ChargerStatus,
  type ChargerType,
  type Connectivity,
} from '@plugboard/contract';
import type { Db, Trx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import { failureLimiter } from '../../ocpp/failure-limiter.ts';
import {
  chargersRepository,
  type ChargersRepository,
  type ChargerCredentials,
  type ChargerRow,
  type ChargerState,
  type ConnectorRow,
} from './chargers.repository.ts';
import { pinHasher } from './pin-hash.ts';
import { connectorStatuses } from './connector-statuses.ts';
import { chargerConnections } from './charger-connections.ts';
import { callBatcher } from '../../lib/call-batcher.ts';
import { statusEvent } from './status-event.ts';

export type ChargerServiceDeps = { db: Db; events: Pick<EventBus, 'append'>; now: () => Date };

export type RegisterChargerInput = {
  stationId: number;
  productCode: string;
  pin: string;
  alias: string;
  ratedPowerW?: number | null;
  chargerType?: ChargerType | null;
  connectivity?: Connectivity | null;
  capacityL1?: number | null;
  capacityL2?: number | null;
  capacityL3?: number | null;
  /** Who adds (e.g. `user:12`): a PIN tried against a taken product code counts as a guess of that PIN by them. */
  guesser?: string;
};

/** A charger as services and transports see it (never its PIN hash). */
export type Charger = Omit<ChargerRow, 'pin_hash' | 'connection_id' | 'node_id'>;
/** Who is on the other end of an authenticated OCPP connection. */
export type ChargerIdentity = { chargerId: number; stationId: number; productCode: string };
/** A charger's socket: which node holds it, and its connection id there. */
export type SocketHolder = { nodeId: string; connectionId: string };

export type BootInfo = {
  vendor: string;
  model: string;
  serialNumber: string | null;
  firmwareVersion: string | null;
  iccid: string | null;
  imsi: string | null;
  meterType: string | null;
  meterSerialNumber: string | null;
};

export type ConnectorReport = {
  connectorId: number;
  /** The protocol's own status and error code, stored as sent. */
  ocppStatus: string;
  errorCode: string;
  info: string | null;
  vendorErrorCode: string | null;
  /** The charger's time of the status; the receive time when it sent none. */
  timestamp: Date;
};

/** Maps a reported status onto the console's, knowing what the connector reported before (if anything). */
export type StatusMapper = (
  report: ConnectorReport,
  previous: Pick<ConnectorRow, 'status' | 'ocpp_status'> | undefined,
) => ChargerStatus;

const pinHmacSecret = 'charger-pin-hmac';

/**
 * Chargers of the sites: registration and PIN, connection state, and what they report about themselves. The OCPP
 * handlers and the console's calls both come here; every change of state writes its event in its transaction.
 */
export function chargerService({ db, events, now }: ChargerServiceDeps) {
  const repo = chargersRepository(db);
  const pins = pinHasher((candidate) => repo.secret(pinHmacSecret, candidate));
  const statuses = connectorStatuses({ db, events });
  const connections = chargerConnections({ db, events });
  // The handshakes of one turn of the event loop (a reconnect storm opens hundreds at once) read their chargers in
  // one query.
  const rowsByCode = callBatcher(async (productCodes: string[]) => {
    const rows = new Map(
      (await repo.credentialsByProductCodes(productCodes)).map((r) => [r.product_code.toLowerCase(), r]),
    );
    return productCodes.map((code) => rows.get(code.toLowerCase()));
  });
  // Guesses of a charger's PIN, by handshake (per address) and by adding its product code (per account): one count
  // per product code, so that neither door widens the other (docs/security.md).
  const pinGuesses = failureLimiter({ limit: 10, windowMs: 60_000, now });

  /**
   * Adding a product code registered elsewhere says so only with its right PIN; any other PIN answers as a wrong
   * PIN (1011), so that the add call tells nobody which codes exist, and its checks count as guesses.
   */
  const refuseTakenCode = async (input: RegisterChargerInput): Promise<never> => {
    const code = input.productCode.toLowerCase();
    const guesser = input.guesser ?? 'unknown';
    const keys = [`code:${code}`, `address:${guesser}`];
    const pair = `${code}|${guesser}`;
    if (!pinGuesses.mayTry(pair, keys).allowed) throw new AppError(codes.invalidPin);
    const taken = await repo.findByProductCode(input.productCode);
    if (!(await pins.verify(input.productCode, input.pin, taken?.pin_hash))) {
      pinGuesses.fail(pair, keys);
      throw new AppError(codes.invalidPin);
    }
    throw new AppError(codes.invalidInput, 'This product code is already registered');
  };

  const announce = (trx: Trx, states: (ChargerState | undefined)[], connector?: ConnectorRow) =>
    events.append(
      trx,
      'charger.status',
      ...states.filter((state) => state !== undefined).map((state) => statusEvent(state, connector)),
    );

  /** A change of chargers' state, written with its events in one transaction. */
  const changeStates = (change: (tx: ChargersRepository) => Promise<(ChargerState | undefined)[]>) =>
    db.transaction().execute(async (trx) => {
      const states = await change(chargersRepository(trx));
      await announce(trx, states);
      return states;
    });

  /** Whether `password` is the PIN of the charger `row` or the PIN it was offered (which it then becomes). */
  const checkPassword = async (
    productCode: string,
    charger: ChargerCredentials | undefined,
    password: string | Buffer,
  ): Promise<ChargerIdentity | null> => {
    let matched: 'pin' | 'pending' | undefined;
    for (const candidate of passwordForms(password)) {
      if (await pins.verify(productCode, candidate, charger?.pin_hash)) matched = 'pin';
      else if (
        charger?.pending_pin_hash &&
        (await pins.verify(productCode, candidate, charger.pending_pin_hash))
      )
        matched = 'pending';
      if (matched) break;
    }
    if (!matched || !charger) return null;
    if (matched === 'pending') await repo.promotePendingPin(charger.id, now());
    return identityOf(charger);
  };

  const service = {
    /** Failed PIN checks (handshakes, adds of a taken code): the OCPP handshake asks it too. */
    pinGuesses,

    /**
     * Adds a charger to a site with the PIN it will authenticate with (security profile 1). Refused with 1506 while
     * the site's load management is active (spec section 4).
     */
    registerCharger: async (input: RegisterChargerInput): Promise<Charger> => {
      if (!chargerLimits.productCodePattern.test(input.productCode)) {
        throw new AppError(codes.invalidInput, `${errorMessages[codes.invalidInput]}: productCode`);
      }
      if (!chargerLimits.pinPattern.test(input.pin)) throw new AppError(codes.invalidPin);
      const alias = input.alias.trim();
      if (alias.length < 1 || alias.length > chargerLimits.aliasMax) {
        throw new AppError(codes.invalidInput, `${errorMessages[codes.invalidInput]}: alias`);
      }
      const pinHash = await pins.hash(input.productCode, input.pin);
      const row = await db
        .transaction()
        .execute(async (trx) => {
          const tx = chargersRepository(trx);
          await assertLoadManagementOff(tx, input.stationId);
          const charger = await tx.insert({
            station_id: input.stationId,
            product_code: input.productCode,
            alias,
            pin_hash: pinHash,
            pin_hint: pinHint(input.pin),
            rated_power_w: input.ratedPowerW ?? null,
            charger_type: input.chargerType ?? null,
            connectivity: input.connectivity ?? null,
            capacity_l1: input.capacityL1 ?? null,
            capacity_l2: input.capacityL2 ?? null,
            capacity_l3: input.capacityL3 ?? null,
          });
          await events.append(trx, 'charger.changed', {
            stationId: charger.station_id,
            chargerId: charger.id,
            change: 'added',
          });
          return charger;
        })
        .catch(async (error: unknown) => {
          const e = error as { code?: string; constraint?: string };
          if (e.code === '23505' && e.constraint === 'chargers_product_code_key')
            await refuseTakenCode(input);
          return translateInsertError(error);
        });
      return toCharger(row);
    },

    /** Replaces the PIN (and forgets one offered); the charger's next connection must use the new one. */
    setPin: async (chargerId: number, pin: string): Promise<void> => {
      if (!chargerLimits.pinPattern.test(pin)) throw new AppError(codes.invalidPin);
      const charger = await repo.findById(chargerId);
      if (!charger) throw new AppError(codes.chargerNotFound);
      await repo.update(chargerId, {
        pin_hash: await pins.hash(charger.product_code, pin),
        pin_hint: pinHint(pin),
        pending_pin_hash: null,
        pending_pin_hint: null,
        updated_at: now(),
      });
    },

    /**
     * Offers a new PIN beside the current one: both open a socket until `confirmPin` (the charger accepted it) or
     * the charger's first connection with it makes it the only one.
     */
    offerPin: async (chargerId: number, pin: string): Promise<void> => {
      if (!chargerLimits.pinPattern.test(pin)) throw new AppError(codes.invalidPin);
      const charger = await repo.findById(chargerId);
      if (!charger) throw new AppError(codes.chargerNotFound);
      await repo.update(chargerId, {
        pending_pin_hash: await pins.hash(charger.product_code, pin),
        pending_pin_hint: pinHint(pin),
        updated_at: now(),
      });
    },

    /** The offered PIN becomes the PIN; the old one no longer opens a socket. */
    confirmPin: (chargerId: number): Promise<boolean> => repo.promotePendingPin(chargerId, now()),

    /**
     * The charger of that product code if `password` (the Basic auth password, as bytes) is its PIN or the PIN it
     * was offered; null for an unknown code or a wrong password alike. A charger following the OCPP 1.6 security
     * whitepaper decodes a hexadecimal AuthorizationKey and presents the bytes: they are read back as hex too. The
     * first connection with the offered PIN makes it the PIN.
     */
    authenticate: async (productCode: string, password: string | Buffer): Promise<ChargerIdentity | null> =>
      checkPassword(productCode, await repo.findByProductCode(productCode), password),

    /**
     * What the OCPP handshake checks of a product code, read in one query: the charger (null for an unknown code),
     * the security profile it must connect with (1 for an unknown code), and `authenticate` as above against that
     * row (read with those of the other handshakes of the same turn). Who it is, not proof of it: the handshake
     * checks its PIN (profiles 1, 2) or its certificate (3). For an
     * unknown code `authenticate` hashes all the same, so that it takes as long as for a known one.
     */
    credentialsOf: async (productCode: string) => {
      const row = await rowsByCode(productCode);
      return {
        charger: row ? identityOf(row) : null,
        securityProfile: row?.security_profile ?? 1,
        authenticate: (password: string | Buffer) => checkPassword(productCode, row, password),
      };
    },

    /** Throws 1001 when there is no such charger. */
    getCharger: async (chargerId: number): Promise<Charger> => {
      const row = await repo.findById(chargerId);
      if (!row) throw new AppError(codes.chargerNotFound);
      return toCharger(row);
    },

    listConnectors: (chargerId: number): Promise<ConnectorRow[]> => repo.connectors(chargerId),

    /**
     * A socket of this charger was accepted on this node; `socket.connectionId` names it until it closes. Returns
     * the socket it replaced on another node, which that node is to close.
     */
    markConnected: (chargerId: number, socket: SocketHolder): Promise<SocketHolder | undefined> =>
      connections.connect(chargerId, socket, now()),

    /** The node that holds a connected charger's socket, as its row says; undefined when it is offline. */
    holderOf: (productCode: string): Promise<string | undefined> => repo.holderOf(productCode),

    /** The socket closed. Ignored when a newer socket of the same charger has taken over meanwhile. */
    markDisconnected: (chargerId: number, connectionId: string): Promise<void> =>
      connections.disconnect(chargerId, connectionId, now()),

    /**
     * Chargers another node marked offline while this node still holds their sockets (it had lost the database for
     * a while) are marked connected again. One read of this node's released rows; nothing written otherwise.
     */
    claimBack: async (
      nodeId: string,
      sockets: { chargerId: number; connectionId: string }[],
    ): Promise<void> => {
      if (sockets.length === 0) return;
      const released = await repo.releasedFrom(nodeId);
      if (released.length === 0) return;
      const held = new Map(sockets.map((s) => [s.chargerId, s.connectionId]));
      for (const row of released) {
        const connectionId = held.get(row.id);
        if (connectionId && connectionId === row.connection_id) {
          await service.markConnected(row.id, { nodeId, connectionId });
        }
      }
    },

    /**
     * Marks offline every charger marked connected by a node the database does not know (`knownNodes` are those it
     * does) and not seen since `seenBefore`; returns how many.
     */
    markStaleOffline: async (seenBefore: Date, knownNodes: string[]): Promise<number> => {
      const states = await changeStates((tx) => tx.markStaleOffline(seenBefore, knownNodes, now()));
      return states.length;
    },

    /**
     * Marks offline the chargers whose sockets were held by nodes found dead; returns how many. `lastKnownAt`: when
     * those nodes were last known alive (their chargers' last_seen_at becomes at least that).
     */
    markOfflineOnNodes: async (nodeIds: string[], lastKnownAt: Date = now()): Promise<number> => {
      if (nodeIds.length === 0) return 0;
      const states = await changeStates((tx) => tx.markOfflineOnNodes(nodeIds, lastKnownAt, now()));
      return states.length;
    },

    /**
     * A BootNotification: what the charger says of itself is stored; its connectors' statuses from before the boot
     * no longer hold (the charger shows 'online' until they report again); a firmware update left in progress is
     * settled by the version it boots with (firmware-status.ts).
     */
    recordBoot: (chargerId: number, boot: BootInfo): Promise<void> =>
      connections.boot(chargerId, boot, now()),

    /** Whether no connector of the connected charger has reported since it booted (nor ever). */
    awaitsStatus: (chargerId: number): Promise<boolean> => repo.awaitsStatus(chargerId),

    /**
     * Stores a connector's status and recomputes the charger's. A report older than the stored one (sent late from
     * the charger's offline queue) changes nothing.
     */
    recordConnectorStatus: (
      chargerId: number,
      report: ConnectorReport,
      mapStatus: StatusMapper,
    ): Promise<void> => statuses.record({ chargerId, report, mapStatus, at: now() }),

    /**
     * A FirmwareStatusNotification, or the console's 'Requested' (null puts back a status never reported); with the
     * requestId of a signed update (SignedFirmwareStatusNotification), null for a plain one.
     */
    recordFirmwareStatus: async (
      chargerId: number,
      status: string | null,
      requestId: number | null = null,
    ): Promise<void> => {
      const at = now();
      await changeStates(async (tx) => [
        await tx.update(chargerId, {
          firmware_status: status,
          firmware_status_at: at,
          firmware_request_id: requestId,
          updated_at: at,
        }),
      ]);
    },

    recordDiagnosticsStatus: async (chargerId: number, status: string): Promise<void> => {
      const at = now();
      await repo.update(chargerId, { diagnostics_status: status, diagnostics_status_at: at, updated_at: at });
    },
  };
  return service;
}

export type ChargerService = ReturnType<typeof chargerService>;

function identityOf(row: Pick<ChargerRow, 'id' | 'station_id' | 'product_code'>): ChargerIdentity {
  return { chargerId: row.id, stationId: row.station_id, productCode: row.product_code };
}

function toCharger({
  pin_hash: _pin,
  connection_id: _socket,
  node_id: _node,
  ...charger
}: ChargerRow): Charger {
  return charger;
}

/**
 * The texts a Basic auth password may stand for: itself as UTF-8 text, and, for 16 to 20 bytes, their hexadecimal
 * form (an AuthorizationKey as OCPP 1.6 security whitepaper chargers present it: the decoded bytes).
 */
function passwordForms(password: string | Buffer): string[] {
  const text = typeof password === 'string' ? password : password.toString('utf8');
  const forms = [text];
  // A key typed by hand into a charger that sends it as text: its hex digits in either case.
  if (/^[0-9A-F]{32,40}$/i.test(text) && text !== text.toLowerCase()) forms.push(text.toLowerCase());
  if (typeof password !== 'string' && password.length >= 16 && password.length <= 20)
    forms.push(password.toString('hex'));
  return forms;
}

/** What the console shows of a PIN, which is stored only as a hash: enough to tell two PINs apart, no more. */
export const pinHint = (pin: string) => `••••${pin.slice(-1)}`;

/**
 * Adding or deleting a charger needs the site's load management off (1506). The site row is read FOR SHARE, so a
 * concurrent update switching it on waits for the add or delete to commit, and a site that is gone answers 1502.
 */
export async function assertLoadManagementOff(tx: ChargersRepository, stationId: number): Promise<void> {
  const openLoad = await tx.siteLoadManagementForShare(stationId);
  if (openLoad === undefined) throw new AppError(codes.siteNotFound);
  if (openLoad) throw new AppError(codes.loadManagementActive);
}

/** A unique or foreign key violation as the console's answer: alias taken, product code taken, site gone. */
export function translateInsertError(error: unknown): never {
  const e = error as { code?: string; constraint?: string };
  if (e.code === '23505' && e.constraint === 'chargers_station_alias_key')
    throw new AppError(codes.aliasTaken);
  if (e.code === '23505' && e.constraint === 'chargers_product_code_key') {
    throw new AppError(codes.invalidInput, 'This product code is already registered');
  }
  if (e.code === '23503') throw new AppError(codes.siteNotFound);
  throw error;
}
