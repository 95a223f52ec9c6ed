import { RPCClient } from 'ocpp-rpc';
import type { Ocpp16, Ocpp16ChargePointAction, Ocpp16Request, Ocpp16Response } from '@plugboard/ocpp';
import { carPowerW, currentsFor, limitInForceW, type Electrical } from './car-model.ts';
import { attachChargePointHandlers } from './charge-point-handlers.ts';
import { localAuthList, type LocalListOptions } from './local-list.ts';
import { attachReservationHandlers, reservationFor, type SimReservation } from './reservations.ts';
import { attachDiagnosticsHandler } from './diagnostics.ts';
import { attachCertificateHandlers, certificateStore, type CertificateOptions } from './certificates.ts';
import { attachExtendedTriggerHandler } from './extended-trigger.ts';
import { attachSignedFirmwareHandler } from './signed-firmware.ts';
import { attachLogHandler } from './logs.ts';

export type ConnectorStatus = Ocpp16.StatusNotificationRequest['status'];
type ChargingProfile = Ocpp16.SetChargingProfileRequest['csChargingProfiles'];
type MeterValue = Ocpp16.MeterValuesRequest['meterValue'][number];

export type SimulatedChargerOptions = {
  /** The central system's OCPP endpoint, without the product code: ws://localhost:8080/ocpp */
  url: string;
  productCode: string;
  pin: string;
  /**
   * An AuthorizationKey (16 to 20 bytes, hex-encoded) set on the charger by hand: its decoded bytes are the Basic auth
   * password instead of the PIN, as the OCPP 1.6 security whitepaper has it.
   */
  authorizationKey?: string;
  /**
   * wss (security profiles 2 and 3): the CA the central system's certificate is checked against, and the charger's
   * own certificate and key for profile 3 (PEM).
   */
  tls?: { ca?: string | Buffer; cert?: string | Buffer; key?: string | Buffer };
  /** false: no HTTP Basic auth at all, as on security profile 3 (true by default). */
  basicAuth?: boolean;
  /** Its SecurityProfile configuration key (1 by default). */
  securityProfile?: number;
  /** How GetDiagnostics and GetLog upload: HTTP PUT of the bytes (default) or POST multipart/form-data. */
  diagnosticsUpload?: 'put' | 'multipart';
  /** Its certificate store (OCPP 1.6 security whitepaper: root certificates, its own key and certificate). */
  certificates?: CertificateOptions;
  /** Its Local Authorization List (supported, 100 entries a message, 1000 in all by default). */
  localList?: LocalListOptions;
  /** Number of connectors (1 by default). */
  connectors?: number;
  vendor?: string;
  model?: string;
  serialNumber?: string;
  firmwareVersion?: string;
  /** false: BootNotification leaves out its optional firmwareVersion, as some chargers do (true by default). */
  reportsFirmwareVersion?: boolean;
  /** The simulated car's maximum power, W (11 kW by default). */
  carPowerW?: number;
  /** Energy the car takes before it is full and stops drawing, Wh (unlimited by default). */
  carCapacityWh?: number;
  electrical?: Electrical;
  /**
   * The charging rate units its charging profiles may use (both by default); ['W'] for a charger that takes watts
   * only, [] for one that rejects every charging profile.
   */
  profileUnits?: ('A' | 'W')[];
  /** MeterValues every this many ms while charging (10 s by default; 0 turns the timer off). */
  meterIntervalMs?: number;
  /** Delay between the firmware update steps, ms. */
  firmwareStepMs?: number;
  /** Delay before reconnecting after a Reset or a firmware update, ms. */
  rebootDelayMs?: number;
  /** Ping interval of the socket, ms (ocpp-rpc's default 30 s; 0 disables pings). */
  pingIntervalMs?: number;
  /**
   * The driver unplugs this many ms after a transaction stops with the cable in (Finishing), so that the connector
   * is Available for the next one; by default the cable stays in until `unplug`.
   */
  unplugAfterStopMs?: number;
  /** What the simulator does, one line at a time (nothing by default). */
  log?: (line: string) => void;
};

export type ConnectorState = {
  readonly id: number;
  status: ConnectorStatus;
  plugged: boolean;
  /** A card accepted before the cable was plugged in: charging starts when it is. */
  pendingIdTag: string | null;
  transactionId: number | null;
  idTag: string | null;
  transactionStart: Date | null;
  /** The energy register, Wh; it only grows. */
  meterWh: number;
  meterStartWh: number;
  powerW: number;
  lastAccrualAt: number;
  meterTimer: NodeJS.Timeout | undefined;
  profiles: Map<number, ChargingProfile>;
};

/**
 * A charge point that speaks OCPP 1.6J to a central system over ocpp-rpc, validating both ways (strict mode) like
 * the server does. It boots, reports statuses, authorises cards, runs transactions with a simulated car and meter,
 * and answers the central system's commands (charge-point-handlers.ts).
 */
export function createSimulatedCharger(options: SimulatedChargerOptions) {
  const log = options.log ?? (() => {});
  const electrical = options.electrical ?? { phases: 3, voltage: 230 };
  const state = {
    firmwareVersion: options.firmwareVersion ?? '1.0.0',
    authorizationKey: options.authorizationKey ?? options.pin,
    /** Its SecurityProfile key (1 by default): raised by ChangeConfiguration, never lowered. */
    securityProfile: options.securityProfile ?? 1,
    heartbeatTimer: undefined as NodeJS.Timeout | undefined,
    timers: new Set<NodeJS.Timeout>(),
    stopped: false,
    /** Profiles set on connector 0: they hold for the whole charger. */
    chargerProfiles: new Map<number, ChargingProfile>(),
    meterIntervalMs: options.meterIntervalMs ?? 10_000,
    heartbeatIntervalS: 0,
    firmwareStatus: 'Idle' as Ocpp16.FirmwareStatusNotificationRequest['status'],
  };
  const connectors = new Map<number, ConnectorState>();
  const localList = localAuthList(options.localList);
  const certificates = certificateStore(options.certificates);
  /** ReserveNow's reservations by reservationId (reservations.ts). */
  const reservations = new Map<number, SimReservation>();
  for (let id = 1; id <= (options.connectors ?? 1); id++) {
    connectors.set(id, {
      id,
      status: 'Available',
      plugged: false,
      pendingIdTag: null,
      transactionId: null,
      idTag: null,
      transactionStart: null,
      meterWh: 0,
      meterStartWh: 0,
      powerW: 0,
      lastAccrualAt: Date.now(),
      meterTimer: undefined,
      profiles: new Map(),
    });
  }

  const client = new RPCClient({
    endpoint: options.url.replace(/\/$/, ''),
    identity: options.productCode,
    password:
      options.basicAuth === false
        ? undefined
        : options.authorizationKey
          ? Buffer.from(options.authorizationKey, 'hex')
          : options.pin,
    ...(options.tls && { wsOpts: { ...options.tls } }),
    protocols: ['ocpp1.6'],
    strictMode: true,
    ...(options.pingIntervalMs !== undefined && { pingIntervalMs: options.pingIntervalMs }),
    reconnect: true,
  } as ConstructorParameters<typeof RPCClient>[0]);
  // ocpp-rpc reconnects by itself after a lost socket (back-off 1 s doubling to 10 s): say so, or a charger that
  // found another node, or retries for minutes, looks the same as one that is fine.
  let connectedOnce = false;
  let attempts = 0;
  client.on('connecting', () => {
    if (connectedOnce) log(`reconnecting to ${options.url} (attempt ${++attempts})`);
  });
  client.on('open', () => {
    if (connectedOnce) log(`connected again after ${attempts} attempt${attempts === 1 ? '' : 's'}`);
    connectedOnce = true;
    attempts = 0;
  });
  client.on('disconnect', ({ code }: { code: number }) => log(`socket closed (${code})`));
  // A charger takes its frames in the order they came. ocpp-rpc runs a CALL's handler at once but hands the answer
  // to one of our own CALLs on after a microtask, so a StartTransaction.conf and a SetChargingProfile naming its
  // transaction, read in one go, reached the handler before the transaction was known (Rejected, then sent again in
  // W: load.spec in CI). Each CALL now waits until what came before it has been taken in.
  const handle = client.handle.bind(client) as (...args: unknown[]) => void;
  client.handle = ((...args: unknown[]) => {
    const handler = args.pop() as (call: unknown) => unknown;
    handle(...args, async (call: unknown) => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return handler(call);
    });
  }) as typeof client.handle;

  const connector = (id: number): ConnectorState => {
    const c = connectors.get(id);
    if (!c) throw new Error(`no connector ${id} (this charger has ${connectors.size})`);
    return c;
  };

  async function call<A extends Ocpp16ChargePointAction>(
    action: A,
    payload: Ocpp16Request<A>,
  ): Promise<Ocpp16Response<A>> {
    log(`→ ${action} ${JSON.stringify(payload)}`);
    const answer = (await client.call(action, payload)) as Ocpp16Response<A>;
    log(`← ${action} ${JSON.stringify(answer)}`);
    return answer;
  }

  const startHeartbeat = (seconds: number) => {
    clearInterval(state.heartbeatTimer);
    state.heartbeatIntervalS = seconds;
    if (seconds <= 0) return;
    state.heartbeatTimer = setInterval(() => {
      call('Heartbeat', {}).catch(() => {});
    }, seconds * 1000);
    state.heartbeatTimer.unref();
  };

  const later = (ms: number, work: () => Promise<unknown>) => {
    const timer = setTimeout(() => {
      state.timers.delete(timer);
      work().catch((error: unknown) => log(`failed: ${String(error)}`));
    }, ms);
    state.timers.add(timer);
  };

  /** The limit in force for a connector, as OCPP 1.6 stacks its profiles and the charger-wide ones. */
  const limitW = (c: ConnectorState): number | null =>
    limitInForceW({
      connectorProfiles: [...c.profiles.values()],
      chargerProfiles: [...state.chargerProfiles.values()],
      transactionId: c.transactionId,
      transactionStart: c.transactionStart,
      electrical,
      at: new Date(),
    });

  /** Adds the energy drawn since the last accrual and recomputes the car's power. */
  const accrue = (c: ConnectorState) => {
    const at = Date.now();
    c.meterWh += (c.powerW * (at - c.lastAccrualAt)) / 3_600_000;
    c.lastAccrualAt = at;
    c.powerW =
      c.transactionId === null
        ? 0
        : carPowerW({
            carMaxW: options.carPowerW ?? 11_000,
            limitW: limitW(c),
            deliveredWh: c.meterWh - c.meterStartWh,
            capacityWh: options.carCapacityWh ?? Number.POSITIVE_INFINITY,
          });
  };

  const sample = (
    c: ConnectorState,
    context: 'Sample.Periodic' | 'Transaction.Begin' | 'Transaction.End',
  ) => {
    const currents = currentsFor(c.powerW, electrical);
    const value: MeterValue = {
      timestamp: new Date().toISOString(),
      sampledValue: [
        {
          value: String(Math.round(c.meterWh)),
          context,
          measurand: 'Energy.Active.Import.Register',
          unit: 'Wh',
        },
        { value: String(Math.round(c.powerW)), context, measurand: 'Power.Active.Import', unit: 'W' },
        ...(['L1', 'L2', 'L3'] as const).slice(0, electrical.phases).map((phase, i) => ({
          value: String(currents[i]),
          context,
          measurand: 'Current.Import' as const,
          phase,
          unit: 'A' as const,
        })),
      ],
    };
    return value;
  };

  const charger = {
    productCode: options.productCode,
    /** The ocpp-rpc client, for tests that need to send what a well-behaved charger would not. */
    client,
    connector,
    get firmwareVersion() {
      return state.firmwareVersion;
    },
    get password() {
      return state.authorizationKey;
    },
    call,

    /** Opens the socket (security profile 1: the PIN as the Basic auth password). */
    connect: async (): Promise<void> => {
      state.stopped = false;
      await client.connect();
      log(`connected to ${options.url}/${options.productCode}`);
    },

    /** Connects if needed, sends BootNotification, then the status of every connector, and starts heartbeats. */
    boot: async (): Promise<Ocpp16.BootNotificationResponse> => {
      if (client.state !== RPCClient.OPEN) await charger.connect();
      const answer = await call('BootNotification', {
        chargePointVendor: options.vendor ?? 'Plugboard',
        chargePointModel: options.model ?? 'Simulator',
        chargePointSerialNumber: options.serialNumber ?? `SIM-${options.productCode}`,
        ...(options.reportsFirmwareVersion !== false && { firmwareVersion: state.firmwareVersion }),
      });
      startHeartbeat(answer.status === 'Accepted' ? answer.interval : 0);
      await charger.setStatus(0, 'Available');
      for (const c of connectors.values()) await charger.setStatus(c.id, c.status);
      return answer;
    },

    /** Reports a connector's status (connector 0: the whole charger). */
    setStatus: async (
      connectorId: number,
      status: ConnectorStatus,
      errorCode: Ocpp16.StatusNotificationRequest['errorCode'] = 'NoError',
    ): Promise<void> => {
      const c = connectors.get(connectorId);
      if (c) c.status = status;
      await call('StatusNotification', {
        connectorId,
        status,
        errorCode,
        timestamp: new Date().toISOString(),
      });
    },

    /** The car's cable goes in: charging starts if a card was accepted before, else the connector is Preparing. */
    plugIn: async (connectorId = 1): Promise<void> => {
      const c = connector(connectorId);
      c.plugged = true;
      log(`cable plugged into connector ${connectorId}`);
      if (c.pendingIdTag) await charger.startTransaction(connectorId, c.pendingIdTag);
      else if (c.transactionId === null) await charger.setStatus(connectorId, 'Preparing');
    },

    /** The cable comes out: a running transaction stops (EVDisconnected) and the connector is Available. */
    unplug: async (connectorId = 1): Promise<void> => {
      const c = connector(connectorId);
      if (c.transactionId !== null) await charger.stopTransaction(connectorId, 'EVDisconnected');
      c.plugged = false;
      c.pendingIdTag = null;
      log(`cable unplugged from connector ${connectorId}`);
      await charger.setStatus(connectorId, 'Available');
    },

    /**
     * A card is held to the reader: Authorize, then StartTransaction if the cable is in (otherwise once it is). The
     * card of a running transaction stops it instead (reason Local).
     */
    presentCard: async (idTag: string, connectorId = 1): Promise<Ocpp16.AuthorizeResponse['idTagInfo']> => {
      const c = connector(connectorId);
      if (c.transactionId !== null && c.idTag === idTag) {
        await charger.stopTransaction(connectorId, 'Local');
        return { status: 'Accepted' };
      }
      // Offline, the card is checked against the local list only (the simulator queues no transaction).
      if (client.state !== 1) return localList.authorize(idTag) ?? { status: 'Invalid' };
      const { idTagInfo } = await call('Authorize', { idTag });
      if (idTagInfo.status !== 'Accepted') return idTagInfo;
      const { blockedBy } = reservationFor(reservations, connectorId, idTag);
      if (blockedBy) {
        log(`connector ${connectorId} is reserved for another card (reservation ${blockedBy.id})`);
        return idTagInfo;
      }
      if (c.plugged) await charger.startTransaction(connectorId, idTag);
      else {
        c.pendingIdTag = idTag;
        await charger.setStatus(connectorId, 'Preparing');
      }
      return idTagInfo;
    },

    /** Starts a transaction now and the car draws power; MeterValues follow every meterIntervalMs. */
    startTransaction: async (
      connectorId: number,
      idTag: string,
    ): Promise<Ocpp16.StartTransactionResponse> => {
      const c = connector(connectorId);
      accrue(c);
      const startTime = new Date();
      // The card's reservation of this connector (or of connector 0) is used by its start (OCPP 1.6 5.13).
      const { use: reservation } = reservationFor(reservations, connectorId, idTag);
      if (reservation) {
        clearTimeout(reservation.timer);
        reservations.delete(reservation.id);
      }
      const answer = await call('StartTransaction', {
        connectorId,
        idTag,
        meterStart: Math.round(c.meterWh),
        timestamp: startTime.toISOString(),
        ...(reservation && { reservationId: reservation.id }),
      });
      Object.assign(c, {
        transactionId: answer.transactionId,
        idTag,
        pendingIdTag: null,
        transactionStart: startTime,
        meterStartWh: Math.round(c.meterWh),
      });
      accrue(c);
      await charger.setStatus(connectorId, c.powerW > 0 ? 'Charging' : 'SuspendedEVSE');
      if (state.meterIntervalMs > 0) {
        c.meterTimer = setInterval(() => {
          charger.sendMeterValues(connectorId).catch(() => {});
        }, state.meterIntervalMs);
      }
      return answer;
    },

    /** Sends one MeterValues of a connector now (with its transaction, if one runs). */
    sendMeterValues: async (connectorId = 1): Promise<void> => {
      const c = connector(connectorId);
      const before = c.powerW;
      accrue(c);
      await call('MeterValues', {
        connectorId,
        ...(c.transactionId !== null && { transactionId: c.transactionId }),
        meterValue: [sample(c, 'Sample.Periodic')],
      });
      // The car filled up, or a profile changed the limit: the status follows.
      if (c.transactionId !== null && before > 0 !== c.powerW > 0) {
        const full = c.meterWh - c.meterStartWh >= (options.carCapacityWh ?? Number.POSITIVE_INFINITY);
        await charger.setStatus(
          connectorId,
          c.powerW > 0 ? 'Charging' : full ? 'SuspendedEV' : 'SuspendedEVSE',
        );
      }
    },

    /** Stops the running transaction of a connector. */
    stopTransaction: async (
      connectorId = 1,
      reason: NonNullable<Ocpp16.StopTransactionRequest['reason']> = 'Local',
    ): Promise<Ocpp16.StopTransactionResponse | undefined> => {
      const c = connector(connectorId);
      if (c.transactionId === null) return undefined;
      clearInterval(c.meterTimer);
      accrue(c);
      const end = sample(c, 'Transaction.End');
      const answer = await call('StopTransaction', {
        transactionId: c.transactionId,
        meterStop: Math.round(c.meterWh),
        timestamp: new Date().toISOString(),
        reason,
        ...(c.idTag && { idTag: c.idTag }),
        transactionData: [end],
      });
      Object.assign(c, { transactionId: null, idTag: null, transactionStart: null, powerW: 0 });
      for (const [id, p] of c.profiles) if (p.chargingProfilePurpose === 'TxProfile') c.profiles.delete(id);
      await charger.setStatus(connectorId, c.plugged ? 'Finishing' : 'Available');
      const unplugAfter = options.unplugAfterStopMs;
      if (c.plugged && unplugAfter !== undefined) {
        // Unless the cable went out meanwhile, or a new transaction began on it.
        later(unplugAfter, async () => {
          if (c.status === 'Finishing') await charger.unplug(connectorId);
        });
      }
      return answer;
    },

    /** Closes the socket and reconnects after `rebootDelayMs`, then boots (as after a Reset). */
    reboot: async (): Promise<void> => {
      for (const c of connectors.values()) clearInterval(c.meterTimer);
      clearInterval(state.heartbeatTimer);
      await client.close({ code: 1000, reason: 'Rebooting' });
      log('rebooting');
      later(options.rebootDelayMs ?? 1000, () => charger.boot());
    },

    /** Shuts the simulator down: timers stop and the socket closes. */
    stop: async (): Promise<void> => {
      state.stopped = true;
      for (const c of connectors.values()) clearInterval(c.meterTimer);
      clearInterval(state.heartbeatTimer);
      for (const timer of state.timers) clearTimeout(timer);
      state.timers.clear();
      await client.close({ code: 1000, reason: 'Simulator stopped' });
    },

    /** The Local Authorization List the central system keeps on it. */
    localList,
    /** Its reservations by reservationId. */
    reservations,
    /** Its certificate store (certificates.ts). */
    certificates,

    // Used by the handlers of the central system's commands.
    internals: {
      connectors,
      state,
      log,
      later,
      startHeartbeat,
      firmwareStepMs: options.firmwareStepMs ?? 1000,
      profileUnits: options.profileUnits ?? ['A', 'W'],
      electrical,
      limitW,
    },
  };

  attachChargePointHandlers(charger);
  attachReservationHandlers(charger);
  attachDiagnosticsHandler(charger, options.diagnosticsUpload);
  attachCertificateHandlers(charger);
  attachSignedFirmwareHandler(charger);
  attachExtendedTriggerHandler(charger);
  attachLogHandler(charger, options.diagnosticsUpload);
  return charger;
}

export type SimulatedCharger = ReturnType<typeof createSimulatedCharger>;
