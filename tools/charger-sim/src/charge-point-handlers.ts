import type { Ocpp16, Ocpp16CentralSystemAction, Ocpp16Request, Ocpp16Response } from '@plugboard/ocpp';
import type { ConnectorState, SimulatedCharger } from './simulated-charger.ts';

type Handler<A extends Ocpp16CentralSystemAction> = (
  params: Ocpp16Request<A>,
) => Ocpp16Response<A> | Promise<Ocpp16Response<A>>;
type FirmwareStatus = Ocpp16.FirmwareStatusNotificationRequest['status'];

/** The vendor id of the simulator's own DataTransfer (messageId 'echo': the data comes back). */
export const simulatorVendorId = 'org.plugboard.sim';

/** Configuration keys the simulator knows; AuthorizationKey is write-only, as OCPP requires. */
const readOnlyKeys = new Set([
  'NumberOfConnectors',
  'SupportedFeatureProfiles',
  'ChargeProfileMaxStackLevel',
  'ChargingScheduleAllowedChargingRateUnit',
  'CertificateStoreMaxLength',
]);

/**
 * The simulator's answers to the central system's commands. Each answers at once, as a real charger does, and does
 * the work (start, stop, reboot, update) right after its answer has left.
 */
export function attachChargePointHandlers(charger: SimulatedCharger): void {
  const { connectors, state, log, later, startHeartbeat, firmwareStepMs, profileUnits, electrical, limitW } =
    charger.internals;
  // Keys kept as set: ConnectionTimeOut applies at once; WebSocketPingInterval, as on many chargers, from the next
  // reboot (answered RebootRequired).
  const stored = new Map([
    ['ConnectionTimeOut', '60'],
    ['WebSocketPingInterval', '0'],
  ]);
  const configuration = (): Map<string, string> =>
    new Map([
      ...stored,
      ['HeartbeatInterval', String(state.heartbeatIntervalS)],
      ['MeterValueSampleInterval', String(state.meterIntervalMs / 1000)],
      ['MeterValuesSampledData', 'Energy.Active.Import.Register,Power.Active.Import,Current.Import'],
      ['AuthorizeRemoteTxRequests', 'false'],
      ['NumberOfConnectors', String(connectors.size)],
      ['SupportedFeatureProfiles', 'Core,FirmwareManagement,RemoteTrigger,SmartCharging'],
      ['ChargeProfileMaxStackLevel', '10'],
      [
        'ChargingScheduleAllowedChargingRateUnit',
        profileUnits.map((u) => (u === 'A' ? 'Current' : 'Power')).join(','),
      ],
      ...charger.localList.configuration(),
      ['SecurityProfile', String(state.securityProfile)],
      // Security whitepaper: its certificate store's size, and the O of its CSRs (certificates.ts).
      ['CertificateStoreMaxLength', String(charger.certificates.maxCertificates)],
      ['CpoName', charger.certificates.cpoName],
    ]);
  const withTransaction = (transactionId: number) =>
    [...connectors.values()].find((c) => c.transactionId === transactionId);
  const free = (id: number | undefined): ConnectorState | undefined =>
    id !== undefined
      ? connectors.get(id)
      : [...connectors.values()].find((c) => c.transactionId === null && c.status !== 'Unavailable');
  const firmware = (status: FirmwareStatus) => {
    state.firmwareStatus = status;
    return charger.call('FirmwareStatusNotification', { status });
  };
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const handlers: { [A in Ocpp16CentralSystemAction]?: Handler<A> } = {
    RemoteStartTransaction: ({ connectorId, idTag, chargingProfile }) => {
      const c = free(connectorId);
      if (!c || c.transactionId !== null || ['Unavailable', 'Faulted'].includes(c.status)) {
        return { status: 'Rejected' };
      }
      if (chargingProfile) c.profiles.set(chargingProfile.chargingProfileId, chargingProfile);
      c.pendingIdTag = idTag;
      // The simulated driver plugs in at once if the cable is not in yet; plugIn starts the transaction.
      later(0, () => (c.plugged ? charger.startTransaction(c.id, idTag) : charger.plugIn(c.id)));
      return { status: 'Accepted' };
    },

    RemoteStopTransaction: ({ transactionId }) => {
      const c = withTransaction(transactionId);
      if (!c) return { status: 'Rejected' };
      later(0, () => charger.stopTransaction(c.id, 'Remote'));
      return { status: 'Accepted' };
    },

    Reset: ({ type }) => {
      later(0, async () => {
        for (const c of connectors.values()) {
          await charger.stopTransaction(c.id, type === 'Hard' ? 'HardReset' : 'SoftReset');
        }
        await charger.reboot();
      });
      return { status: 'Accepted' };
    },

    UpdateFirmware: ({ location, retrieveDate }) => {
      const version = /(\d+(?:\.\d+)+)/.exec(location)?.[1] ?? `${charger.firmwareVersion}+1`;
      const delay = Math.max(0, new Date(retrieveDate).getTime() - Date.now());
      later(delay, async () => {
        for (const status of ['Downloading', 'Downloaded', 'Installing'] as const) {
          await firmware(status);
          await wait(firmwareStepMs);
        }
        state.firmwareVersion = version;
        await firmware('Installed');
        log(`firmware ${version} installed`);
        await charger.reboot();
      });
      return {};
    },

    ChangeConfiguration: ({ key, value }) => {
      if (key === 'AuthorizationKey') {
        // As the OCPP 1.6 security whitepaper wants it: 16 to 20 bytes, hex-encoded; anything else is refused (as
        // firmware libraries in the field do). The charger presents the decoded bytes as its Basic auth password,
        // from the next connection on (profile 1).
        if (!/^(?:[0-9a-fA-F]{2}){16,20}$/.test(value)) return { status: 'Rejected' };
        state.authorizationKey = value;
        charger.client.reconfigure({ password: Buffer.from(value, 'hex') } as never);
        return { status: 'Accepted' };
      }
      if (key === 'CpoName') {
        if (value.trim() === '') return { status: 'Rejected' };
        charger.certificates.cpoName = value;
        return { status: 'Accepted' };
      }
      if (key === 'SecurityProfile') {
        // Security whitepaper: only upwards (a downgrade is Rejected), used from the next connection.
        const profile = Number(value);
        if (!Number.isInteger(profile) || profile < state.securityProfile || profile > 3)
          return { status: 'Rejected' };
        state.securityProfile = profile;
        return { status: 'Accepted' };
      }
      if (readOnlyKeys.has(key) || charger.localList.readOnlyKeys.includes(key))
        return { status: 'Rejected' };
      const local = charger.localList.changeConfiguration(key, value);
      if (local) return local;
      const seconds = Number(value);
      if (key === 'HeartbeatInterval' && Number.isInteger(seconds) && seconds >= 0) {
        startHeartbeat(seconds);
        return { status: 'Accepted' };
      }
      if (key === 'MeterValueSampleInterval' && Number.isFinite(seconds) && seconds >= 0) {
        state.meterIntervalMs = seconds * 1000; // from the next transaction on
        return { status: 'Accepted' };
      }
      if (stored.has(key)) {
        if (!Number.isInteger(seconds) || seconds < 0) return { status: 'Rejected' };
        stored.set(key, String(seconds));
        return { status: key === 'WebSocketPingInterval' ? 'RebootRequired' : 'Accepted' };
      }
      return configuration().has(key) ? { status: 'Rejected' } : { status: 'NotSupported' };
    },

    GetConfiguration: ({ key }) => {
      const all = configuration();
      const wanted = key && key.length > 0 ? key : [...all.keys()];
      return {
        configurationKey: wanted
          .filter((k) => all.has(k))
          .map((k) => ({
            key: k,
            readonly: readOnlyKeys.has(k) || charger.localList.readOnlyKeys.includes(k),
            value: all.get(k) ?? '',
          })),
        unknownKey: wanted.filter((k) => !all.has(k)),
      };
    },

    SetChargingProfile: ({ connectorId, csChargingProfiles: profile }) => {
      if (!profileUnits.includes(profile.chargingSchedule.chargingRateUnit)) return { status: 'Rejected' };
      const purpose = profile.chargingProfilePurpose;
      // OCPP 1.6 5.16 / 3.13: ChargePointMaxProfile only on connector 0; a TxProfile only on a connector with a
      // transaction, and the one it names; transactionId on a TxProfile only.
      if (purpose === 'ChargePointMaxProfile' && connectorId !== 0) return { status: 'Rejected' };
      if (purpose !== 'TxProfile' && profile.transactionId !== undefined) return { status: 'Rejected' };
      const target = connectorId === 0 ? state.chargerProfiles : connectors.get(connectorId)?.profiles;
      if (!target) return { status: 'Rejected' };
      if (purpose === 'TxProfile') {
        const c = connectors.get(connectorId);
        if (!c || c.transactionId === null) return { status: 'Rejected' };
        if (profile.transactionId !== undefined && profile.transactionId !== c.transactionId) {
          return { status: 'Rejected' };
        }
      }
      // The same id anywhere, or the same purpose and stack level here, is replaced.
      for (const set of [state.chargerProfiles, ...[...connectors.values()].map((c) => c.profiles)]) {
        set.delete(profile.chargingProfileId);
      }
      for (const [key, p] of target) {
        if (p.chargingProfilePurpose === purpose && p.stackLevel === profile.stackLevel) target.delete(key);
      }
      target.set(profile.chargingProfileId, profile);
      log(`charging profile ${profile.chargingProfileId} set on connector ${connectorId}`);
      // Meter now: the car's power follows the new limit, and the central system sees it.
      later(0, async () => {
        for (const c of connectors.values())
          if (c.transactionId !== null) await charger.sendMeterValues(c.id);
      });
      return { status: 'Accepted' };
    },

    ClearChargingProfile: ({ id, connectorId, chargingProfilePurpose, stackLevel }) => {
      let cleared = 0;
      const sets = [state.chargerProfiles, ...[...connectors.values()].map((c) => c.profiles)];
      sets.forEach((profiles, index) => {
        if (connectorId !== undefined && connectorId !== index) return;
        for (const [key, p] of profiles) {
          const matches =
            (id === undefined || p.chargingProfileId === id) &&
            (chargingProfilePurpose === undefined || p.chargingProfilePurpose === chargingProfilePurpose) &&
            (stackLevel === undefined || p.stackLevel === stackLevel);
          if (matches && profiles.delete(key)) cleared += 1;
        }
      });
      return { status: cleared > 0 ? 'Accepted' : 'Unknown' };
    },

    GetCompositeSchedule: ({ connectorId, duration, chargingRateUnit }) => {
      const c = connectors.get(connectorId);
      if (connectorId !== 0 && !c) return { status: 'Rejected' };
      const unit = chargingRateUnit ?? profileUnits[0] ?? 'A';
      const watts = c
        ? limitW(c)
        : [...connectors.values()]
            .map(limitW)
            .reduce<number | null>((a, b) => (b === null ? a : (a ?? 0) + b), null);
      if (watts === null) return { status: 'Accepted', connectorId, scheduleStart: new Date().toISOString() };
      const limit =
        unit === 'W' ? watts : Math.round((watts / (electrical.voltage * electrical.phases)) * 10) / 10;
      return {
        status: 'Accepted',
        connectorId,
        scheduleStart: new Date().toISOString(),
        chargingSchedule: {
          duration,
          chargingRateUnit: unit,
          chargingSchedulePeriod: [{ startPeriod: 0, limit, numberPhases: electrical.phases }],
        },
      };
    },

    // OCPP 1.6 5.2: connector 0 is the whole charger; a connector with a transaction changes once it has ended
    // (Scheduled), the others at once.
    ChangeAvailability: ({ connectorId, type }) => {
      const targets = connectorId === 0 ? [...connectors.values()] : [connectors.get(connectorId)];
      if (targets.some((c) => !c)) return { status: 'Rejected' };
      const status = type === 'Inoperative' ? 'Unavailable' : 'Available';
      const busy = targets.some((c) => c?.transactionId !== null);
      const apply = async () => {
        for (const c of targets) {
          // Operative again: a connector leaves Unavailable only; one in use keeps its status.
          if (!c || c.transactionId !== null || (type === 'Operative' && c.status !== 'Unavailable'))
            continue;
          await charger.setStatus(c.id, status);
        }
        if (connectorId === 0) await charger.setStatus(0, status);
      };
      later(0, apply);
      if (busy && type === 'Inoperative') {
        const settle = async (): Promise<void> => {
          if (targets.some((c) => c?.transactionId !== null)) return void later(100, settle);
          await apply();
        };
        later(100, settle);
        return { status: 'Scheduled' };
      }
      return { status: 'Accepted' };
    },

    // OCPP 1.6 5.18: a transaction on the connector is stopped first (UnlockCommand), then the cable is released.
    UnlockConnector: ({ connectorId }) => {
      const c = connectors.get(connectorId);
      if (!c) return { status: 'UnlockFailed' };
      later(0, async () => {
        if (c.transactionId !== null) await charger.stopTransaction(c.id, 'UnlockCommand');
      });
      return { status: 'Unlocked' };
    },

    // A vendor extension of the simulator's own: it answers its data back; any other vendor is unknown to it.
    DataTransfer: ({ vendorId, messageId, data }) => {
      if (vendorId !== simulatorVendorId) return { status: 'UnknownVendorId' };
      if (messageId !== undefined && messageId !== 'echo') return { status: 'UnknownMessageId' };
      return { status: 'Accepted', data: `echo:${data ?? ''}` };
    },

    // The simulator keeps no authorization cache: there is nothing to clear, and that succeeds.
    ClearCache: () => ({ status: 'Accepted' }),

    // OCPP 1.6 5.17: answered first, the message sent after; a connector it does not have is Rejected.
    TriggerMessage: ({ requestedMessage, connectorId }) => {
      if (connectorId !== undefined && connectorId !== 0 && !connectors.has(connectorId)) {
        return { status: 'Rejected' };
      }
      const selected = [...connectors.values()].filter(
        (c) => connectorId === undefined || connectorId === 0 || c.id === connectorId,
      );
      const send: Record<typeof requestedMessage, () => Promise<unknown>> = {
        BootNotification: () => charger.boot(),
        Heartbeat: () => charger.call('Heartbeat', {}),
        MeterValues: async () => {
          for (const c of selected) await charger.sendMeterValues(c.id);
        },
        StatusNotification: async () => {
          for (const c of selected) await charger.setStatus(c.id, c.status);
        },
        DiagnosticsStatusNotification: () =>
          charger.call('DiagnosticsStatusNotification', { status: 'Idle' }),
        FirmwareStatusNotification: () => firmware(state.firmwareStatus),
      };
      later(0, send[requestedMessage]);
      return { status: 'Accepted' };
    },
  };

  handlers.SendLocalList = charger.localList.SendLocalList;
  handlers.GetLocalListVersion = charger.localList.GetLocalListVersion;

  for (const [action, handler] of Object.entries(handlers)) {
    const handle = handler as Handler<Ocpp16CentralSystemAction>;
    charger.client.handle(action, async ({ params }) => {
      log(`⇐ ${action} ${JSON.stringify(params)}`);
      const answer = await handle(params as never);
      log(`⇒ ${action} ${JSON.stringify(answer)}`);
      return answer;
    });
  }
}
