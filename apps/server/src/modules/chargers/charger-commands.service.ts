import { randomBytes } from 'node:crypto';
import {
  codes,
  chargerFieldLimits,
  closeOnlineMessage,
  errorMessages,
  firmwareUpdatingMessage,
  noNewerFirmwareMessage,
  stopRejectedMessage,
  type ChargerReboot,
  type ChargerSession,
  type ChargerStart,
  type ChargerStop,
  type FirmwareUpdateResult,
  type PinDelivery,
  type PinResetResult,
  type SignedUpdateFirmwareStatus,
} from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { ocpp16TransactionId } from '../../ocpp/v16/transaction-id.ts';
import { AppError } from '../../lib/app-error.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import type { ChargingSessionRow, SessionService } from '../sessions/sessions.service.ts';
import type { ChargerLink } from './charger-link.ts';
import { closableByHand } from './session-close.ts';
import { startRefusal } from './start-refusal.ts';
import { chargerViewRepository } from './charger-view.repository.ts';
import type { ChargerService } from './chargers.service.ts';
import { firmwareRepository, type CatalogueRow } from './firmware.repository.ts';
import { firmwareUpdating } from './firmware-status.ts';
import { chosenVersion, offeredVersion } from './firmware-version.ts';
import { waitForEvent } from './wait-for-event.ts';

export type ChargerCommandsDeps = {
  db: Db;
  events: EventBus;
  chargers: ChargerService;
  sessions: SessionService;
  link: ChargerLink;
  /** How long start and stop wait for the charger's StartTransaction / StopTransaction. */
  waitMs: number;
  now: () => Date;
};

/**
 * A console start still counts as the remote app's when the driver plugs in after the console stopped waiting:
 * chargers hold a remote start for their ConnectionTimeOut, commonly up to a few minutes.
 */
const remoteStartTtlMs = 5 * 60_000;

/**
 * The console's commands to a charger of a site: start, stop, reboot, firmware update, new PIN. Each checks what it
 * can before it sends (a charger of another site is 1001), then goes through the central system's registry.
 */
export function chargerCommandsService({
  db,
  events,
  chargers,
  sessions,
  link,
  waitMs,
  now,
}: ChargerCommandsDeps) {
  const view = chargerViewRepository(db);
  const firmware = firmwareRepository(db);

  const chargerOf = async (stationId: number, chargerId: number) => {
    const row = await view.findInStation(stationId, chargerId);
    if (!row) throw new AppError(codes.chargerNotFound);
    return row;
  };

  /** ChangeConfiguration AuthorizationKey, and what came of it. */
  const sendKey = async (productCode: string, key: string): Promise<PinDelivery> => {
    try {
      const answer = await link.send(productCode, 'ChangeConfiguration', {
        key: 'AuthorizationKey',
        value: key,
      });
      if (answer.status === 'Accepted') return 'accepted';
      return answer.status === 'RebootRequired' ? 'rebootRequired' : 'refused';
    } catch (error) {
      if (error instanceof AppError && error.code === codes.chargerOffline) return 'offline';
      return 'refused'; // a CALLERROR
    }
  };

  /**
   * SignedUpdateFirmware (security whitepaper ed. 3, L01) of a catalogue entry with a signing certificate and
   * signature: a new requestId, retrieval from now, the charger installs once it has verified the signature
   * (installDateTime and retries left to the charger). A charger that refuses it keeps its former status; no
   * fallback to unsigned UpdateFirmware, which would skip the very check the operator asked for.
   */
  const sendSigned = async (
    chargerId: number,
    productCode: string,
    target: CatalogueRow & { signing_certificate: string; signature: string },
    putBack: () => Promise<void>,
  ): Promise<FirmwareUpdateResult> => {
    const requestId = await firmware.nextRequestId();
    await chargers.recordFirmwareStatus(chargerId, 'Requested', requestId);
    let status: SignedUpdateFirmwareStatus;
    try {
      ({ status } = await link.send(productCode, 'SignedUpdateFirmware', {
        requestId,
        firmware: {
          location: target.url,
          retrieveDateTime: new Date().toISOString(),
          signingCertificate: target.signing_certificate,
          signature: target.signature,
        },
      }));
    } catch (error) {
      await putBack();
      throw error;
    }
    if (status !== 'Accepted' && status !== 'AcceptedCanceled') await putBack();
    return { version: target.version, message: 'SignedUpdateFirmware', status, requestId };
  };

  const sessionAnswer = async (sessionId: number, chargerId: number): Promise<ChargerSession> => {
    const row = await sessions.getSession(sessionId);
    if (!row) throw new AppError(codes.operationFailed);
    return toChargerSession(row, chargerId);
  };

  return {
    /**
     * RemoteStartTransaction, refused beforehand from the connector's state (7000 to 7008); once accepted, waits
     * for the charger's StartTransaction and answers the session (7001 when none comes in time).
     */
    start: async (stationId: number, body: Omit<ChargerStart, 'stationId'>): Promise<ChargerSession> => {
      const charger = await chargerOf(stationId, body.chargerId);
      const { connectorId, idTag } = body;
      // Connected on any live node: send answers 1003 (7007 here) if none holds the socket after all.
      const online = charger.connected;
      const [connectors, ongoing] = await Promise.all([
        chargers.listConnectors(charger.id),
        sessions.ongoingOf(charger.id),
      ]);
      const refusal = startRefusal({ online, connectors, ongoing, connectorId });
      if (refusal) throw refusal;

      const request = await sessions.expectRemoteStart(charger.id, connectorId, idTag, remoteStartTtlMs);
      const started = waitForEvent(
        events,
        'session.started',
        (e) => e.chargerId === charger.id && e.connectorId === connectorId,
        waitMs,
      );
      try {
        const answer = await link.send(charger.product_code, 'RemoteStartTransaction', {
          connectorId,
          idTag,
        });
        if (answer.status !== 'Accepted') throw new AppError(codes.startRejected);
      } catch (error) {
        started.cancel();
        await sessions.forgetRemoteStart(request);
        if (error instanceof AppError && error.code === codes.chargerOffline)
          throw new AppError(codes.startChargerOffline);
        if (error instanceof AppError && error.code === codes.operationFailed)
          throw new AppError(codes.startRejected);
        throw error;
      }
      const event = await started.promise;
      if (!event) throw new AppError(codes.startNotConfirmed);
      return sessionAnswer(event.sessionId, charger.id);
    },

    /**
     * RemoteStopTransaction of the ongoing session (the one named, or the charger's only one); waits for the
     * StopTransaction and answers the session, complete, or still ongoing if the charger has not reported in time.
     */
    stop: async (stationId: number, body: Omit<ChargerStop, 'stationId'>): Promise<ChargerSession> => {
      const charger = await chargerOf(stationId, body.chargerId);
      const ongoing = await sessions.ongoingOf(charger.id);
      const session = pickSessionToStop(ongoing, body.sessionId);
      const stopped = waitForEvent(events, 'session.stopped', (e) => e.sessionId === session.id, waitMs);
      try {
        const answer = await link.send(charger.product_code, 'RemoteStopTransaction', {
          transactionId: ocpp16TransactionId(session.transaction_id),
        });
        if (answer.status !== 'Accepted') {
          // Rejected: the charger does not run that transaction (OCPP 1.6 section 5.12); it may have lost it. Its
          // connector's status, asked for now (TriggerMessage, section 5.17), shows whether it still runs one: if
          // not, the session becomes closable by hand (session-close.ts) when the report comes.
          await link
            .send(charger.product_code, 'TriggerMessage', {
              requestedMessage: 'StatusNotification',
              connectorId: session.connector_id,
            })
            .catch(() => undefined);
          throw new AppError(codes.operationFailed, stopRejectedMessage);
        }
      } catch (error) {
        stopped.cancel();
        throw error;
      }
      await stopped.promise;
      return sessionAnswer(session.id, charger.id);
    },

    /**
     * Closes a session the charger will not stop: on a charger that is offline, or online but showing it no longer
     * runs the session (`closableByHand`; else it is stopped instead: 1039). Complete at its last meter reading,
     * priced from it, the operator's reason as stop reason; a late StopTransaction still updates it.
     */
    closeSession: async (
      stationId: number,
      chargerId: number,
      sessionId: number,
      reason: string,
    ): Promise<ChargerSession> => {
      const charger = await chargerOf(stationId, chargerId);
      const [ongoing, connectors] = await Promise.all([
        sessions.ongoingOf(charger.id),
        chargers.listConnectors(charger.id),
      ]);
      const session = ongoing.find((s) => s.id === sessionId);
      if (!session) throw new AppError(codes.operationFailed, 'This session is not ongoing on this charger');
      const connector = connectors.find((c) => c.connector_id === session.connector_id);
      if (!closableByHand({ charger, connector, session })) {
        throw new AppError(codes.operationFailed, closeOnlineMessage);
      }
      if (!(await sessions.closeByOperator(sessionId, reason))) {
        throw new AppError(codes.operationFailed, 'This session is not ongoing on this charger');
      }
      return sessionAnswer(sessionId, charger.id);
    },

    /** Reset; refused while a session is ongoing (1036) or a firmware update is under way (1039). */
    reboot: async (
      stationId: number,
      { chargerId, type }: Omit<ChargerReboot, 'stationId'>,
    ): Promise<void> => {
      const charger = await chargerOf(stationId, chargerId);
      if ((await sessions.ongoingOf(charger.id)).length > 0) throw new AppError(codes.chargerCharging);
      if (firmwareUpdating(charger, now()))
        throw new AppError(codes.operationFailed, firmwareUpdatingMessage);
      const answer = await link.send(charger.product_code, 'Reset', { type });
      if (answer.status !== 'Accepted') throw new AppError(codes.operationFailed);
    },

    /**
     * UpdateFirmware to the version the operator confirmed (or else the one offered): one the catalogue knows for the
     * charger's model, newer than what it reports, or any when it never reported its version. The status reads
     * 'Requested' until the charger's FirmwareStatusNotification replaces it.
     */
    updateFirmware: async (
      stationId: number,
      chargerId: number,
      version?: string,
    ): Promise<FirmwareUpdateResult> => {
      const charger = await chargerOf(stationId, chargerId);
      const known = charger.model ? await firmware.offeredToStation(stationId, [charger.model]) : [];
      const target =
        version === undefined
          ? offeredVersion(charger.firmware_version, known)
          : chosenVersion(charger.firmware_version, known, version);
      if (!target) throw new AppError(codes.operationFailed, noNewerFirmwareMessage);
      if (!charger.connected) throw new AppError(codes.chargerOffline);
      const putBack = () =>
        chargers.recordFirmwareStatus(charger.id, charger.firmware_status, charger.firmware_request_id);
      const { signing_certificate: signingCertificate, signature } = target;
      if (signingCertificate !== null && signature !== null) {
        const signed = { ...target, signing_certificate: signingCertificate, signature };
        return sendSigned(charger.id, charger.product_code, signed, putBack);
      }
      // Written before sending: the charger may report Downloading before its answer has been read.
      await chargers.recordFirmwareStatus(charger.id, 'Requested');
      try {
        await link.send(charger.product_code, 'UpdateFirmware', {
          location: target.url,
          retrieveDate: new Date().toISOString(),
        });
      } catch (error) {
        await putBack();
        throw error;
      }
      return { version: target.version, message: 'UpdateFirmware', status: null, requestId: null };
    },

    /**
     * A new AuthorizationKey as the OCPP 1.6 security whitepaper wants it (A00.FR.205): random bytes, sent
     * hex-encoded in ChangeConfiguration. It is only offered until the charger accepts it: the old PIN keeps
     * opening a socket, so that a charger that refuses, or is offline, is not locked out; the first connection with
     * the new key also makes it the PIN (a key typed into the charger by hand). Answered once, never stored.
     */
    resetPin: async (stationId: number, chargerId: number): Promise<PinResetResult> => {
      const charger = await chargerOf(stationId, chargerId);
      const pin = randomBytes(chargerFieldLimits.generatedKeyBytes).toString('hex');
      await chargers.offerPin(charger.id, pin);
      const delivery = charger.connected ? await sendKey(charger.product_code, pin) : 'offline';
      if (delivery === 'accepted') await chargers.confirmPin(charger.id);
      return { pin, delivery, delivered: delivery === 'accepted' || delivery === 'rebootRequired' };
    },
  };
}

export type ChargerCommandsService = ReturnType<typeof chargerCommandsService>;

function pickSessionToStop(ongoing: ChargingSessionRow[], sessionId: number | undefined) {
  if (sessionId !== undefined) {
    const named = ongoing.find((s) => s.id === sessionId);
    if (!named) throw new AppError(codes.operationFailed, 'This session is not ongoing on this charger');
    return named;
  }
  const [only, ...others] = ongoing;
  if (!only) throw new AppError(codes.operationFailed, 'No session is ongoing on this charger');
  if (others.length > 0) {
    throw new AppError(
      codes.invalidInput,
      `${errorMessages[codes.invalidInput]}: sessionId: several sessions are ongoing on this charger`,
    );
  }
  return only;
}

/** A session of the charger the console named (its row loses the charger id only once the charger is deleted). */
export function toChargerSession(s: ChargingSessionRow, chargerId: number): ChargerSession {
  return {
    id: s.id,
    transactionId: s.transaction_id,
    chargerId: s.charger_id ?? chargerId,
    connectorId: s.connector_id,
    idTag: s.id_tag,
    startBy: s.start_by,
    status: s.status,
    startTime: s.start_time.toISOString(),
    endTime: s.end_time?.toISOString() ?? null,
    meterStartWh: s.meter_start_wh,
    meterStopWh: s.meter_stop_wh,
    energyWh: s.energy_wh,
    stopReason: s.stop_reason,
  };
}
