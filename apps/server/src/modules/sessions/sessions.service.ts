import type { Db, Trx } from '../../db/client.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import type { ChargerIdentity } from '../chargers/chargers.service.ts';
import { cardAuthorization } from '../cards/card-authorization.service.ts';
import { readingsOf, takeRegister, withEnergy } from './meter-readings.ts';
import { meterValuesRepository, type NewMeterValue } from './meter-values.repository.ts';
import { remoteStartsRepository } from './remote-starts.repository.ts';
import { rowBatcher } from '../../lib/row-batcher.ts';
import { settledCost } from './session-pricing.ts';
import { cardColumns, cardSnapshot, meterRows, stoppedEvent, unknownSession } from './session-rows.ts';
import { sessionsRepository, type ChargingSessionRow } from './sessions.repository.ts';
import type { MeterValue, TransactionEvent } from './transaction-event.ts';

export type { ChargingSessionRow };

export type SessionServiceDeps = {
  db: Db;
  events: Pick<EventBus, 'append' | 'signal'>;
  now: () => Date;
};

export type AuthorizationStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid';

/** Sessions this server closed itself; the charger's own stop, when it comes, still wins. */
const closedByServer = ['offlineTimeout', 'replacedByNewTransaction', 'closedByOperator'];

/** How long a MeterValues reading waits for others to share its insert (lib/row-batcher.ts). */
export const meterValuesWindowMs = 10;

/** Transaction ids are text: OCPP 2.0.1 allows up to 36 characters (a charger's own, usually a UUID). */
const maxTransactionIdLength = 36;

/**
 * The session id a transaction id drawn by `newTransactionId` stands for (OCPP 1.6: the central system gives the
 * ids, a session's own id, so the id a charger holds names the session for good).
 */
function drawnSessionId(transactionId: string): number {
  if (!/^[1-9]\d{0,14}$/.test(transactionId))
    throw new Error(`transaction id ${JSON.stringify(transactionId)} was not drawn by newTransactionId`);
  return Number(transactionId);
}

function checkedTransactionId(transactionId: string): string {
  if (transactionId.length === 0 || transactionId.length > maxTransactionIdLength)
    throw new Error(
      `transaction id ${JSON.stringify(transactionId)}: 1 to ${maxTransactionIdLength} characters`,
    );
  return transactionId;
}

/**
 * The one core of charging sessions: a transaction starts, is updated and ends through `start`, `update` and `end`,
 * whatever the protocol (transaction-event.ts; OCPP 1.6 maps onto it in ocpp/v16). Each change commits with its
 * event before the caller answers the charger; replays (the same start, the same stop) and late or out-of-order
 * messages are recognised and counted once. Readings are announced as signals, best effort.
 */
export function sessionService({ db, events, now }: SessionServiceDeps) {
  const repo = sessionsRepository(db);
  const remoteStarts = remoteStartsRepository(db);
  // MeterValues of many chargers share one insert (lib/row-batcher.ts says why): a reading waits up to
  // `meterValuesWindowMs` for others, and one insert is under way at a time, the readings that arrive meanwhile going
  // together into the next (bench/ocpp/README.md, session 9). Statuses, whose groups wait for their chargers' locks,
  // keep two under way.
  const insertMeterValues = rowBatcher<NewMeterValue>(
    (rows) => meterValuesRepository(db).insert(rows),
    1000,
    1,
    meterValuesWindowMs,
  );

  // Written with the stop and its cost: the charging report mail reads the cost on this event.
  const announceStopped = (trx: Trx, ...stopped: ChargingSessionRow[]) =>
    events.append(trx, 'session.stopped', ...stopped.map(stoppedEvent));

  /** Closes a session the charger did not stop, at its last known meter value, and prices it. */
  const closeByServer = async (
    trx: Trx,
    session: ChargingSessionRow,
    reason: string,
    endAtLeast: Date,
    stopReason = reason,
  ) => {
    const last = await meterValuesRepository(trx).lastEnergyReading(session.id);
    const meterStop = Math.max(last?.energy_wh ?? session.meter_start_wh, session.meter_start_wh);
    const lastTime = last?.sampled_at ?? session.start_time;
    const endTime = lastTime > endAtLeast ? lastTime : endAtLeast;
    return sessionsRepository(trx).update(session.id, {
      status: 'complete',
      end_time: endTime,
      meter_stop_wh: meterStop,
      energy_wh: meterStop - session.meter_start_wh,
      stop_reason: stopReason,
      flags: [...session.flags, reason],
      updated_at: now(),
      ...(await settledCost(trx, session, { at: endTime, energyWh: meterStop })),
    });
  };

  /** Stores readings (batched with other chargers') and announces them. */
  const storeReadings = async (
    charger: ChargerIdentity,
    connectorId: number,
    sessionId: number | null,
    meterValue: MeterValue[],
  ) => {
    const readings = readingsOf(meterValue);
    const rows = meterRows(charger, connectorId, sessionId, readings);
    if (rows.length === 0) return;
    await insertMeterValues(rows);
    events.signal('meter.values', {
      stationId: charger.stationId,
      chargerId: charger.chargerId,
      connectorId,
      sessionId,
      readings: readings.map((r) => ({ ...r, sampledAt: r.sampledAt.toISOString() })),
    });
  };

  return {
    /**
     * Whether a card may charge at this charger: an active card of the charger's site is Accepted, a recycled one
     * Blocked, any other id tag Invalid (docs/ocpp.md, Authorize).
     */
    authorizeIdTag: async (
      charger: ChargerIdentity,
      idTag: string,
      session?: Pick<ChargingSessionRow, 'start_by' | 'id_tag'>,
    ): Promise<AuthorizationStatus> => {
      const { status } = await cardAuthorization(db).decide(charger.stationId, idTag);
      if (status === 'Accepted') return status;
      // A start the console asked for is authorized whatever its id tag: before it (a charger that sends Authorize
      // for a remote start, AuthorizeRemoteTxRequests) and at its stop (the session it started).
      if (session?.start_by === 'remoteApp' && session.id_tag === idTag) return 'Accepted';
      if (await remoteStarts.isExpected(charger.chargerId, idTag, now())) return 'Accepted';
      return status;
    },

    /**
     * A transaction id for a protocol whose ids the central system gives (OCPP 1.6): the id of the session to be,
     * drawn now, as text; `start` it with `{ drawn: true }`.
     */
    newTransactionId: async (): Promise<string> => String(await repo.nextId()),

    /**
     * Starts a session, or finds the one a replayed start already created (same charger, connector, id token and
     * time: its transaction id is the first one's). The card is checked again (the charger may have authorised it
     * offline, or not at all) and the session recorded whatever the decision: the charger charges anyway.
     * `authorization` is the decision recorded. The meter starts at the Transaction.Begin register.
     * The transaction id is the charger's (2.0.1: any string up to 36 characters, the session gets an id of its own)
     * or, `drawn`, one `newTransactionId` gave (1.6: the session's own id).
     */
    start: async (
      charger: ChargerIdentity,
      event: TransactionEvent<'Started'>,
      { drawn = false }: { drawn?: boolean } = {},
    ): Promise<{ session: ChargingSessionRow; replayed: boolean; authorization: AuthorizationStatus }> => {
      const { registerWh, rest } = takeRegister(event.meterValue ?? [], 'Transaction.Begin');
      const readings = readingsOf(rest);
      const key = {
        chargerId: charger.chargerId,
        connectorId: event.evse?.id ?? 0,
        idTag: event.idToken?.idToken ?? '',
        startTime: new Date(event.timestamp),
      };
      const transactionId = checkedTransactionId(event.transactionInfo.transactionId);
      const outcome = await db.transaction().execute(async (trx) => {
        const tx = sessionsRepository(trx);
        // A start the console asked for (RemoteStartTransaction) is the remote app's, whoever's card it names,
        // and the console's decision stands; a card it names still gives the session its group.
        const remote = await remoteStartsRepository(trx).consume(
          key.chargerId,
          key.connectorId,
          key.idTag,
          now(),
        );
        const decision = await cardAuthorization(trx).decide(charger.stationId, key.idTag);
        const inserted = await tx.insertStarted({
          ...key,
          id: drawn ? drawnSessionId(transactionId) : undefined,
          transactionId,
          stationId: charger.stationId,
          meterStartWh: registerWh ?? withEnergy(readings, 'earliest')?.energyWh ?? 0,
          startBy: remote ? 'remoteApp' : decision.card ? 'rfid' : 'others',
          authorization: remote ? 'Accepted' : decision.status,
          card: cardSnapshot(decision),
        });
        if (!inserted) {
          // The same start, or (a charger's own id, 2.0.1) a start under an id the charger already used.
          const first = (await tx.findByStart(key)) ?? (await tx.findOwn(charger.chargerId, transactionId));
          return { session: first!, replayed: true };
        }
        await meterValuesRepository(trx).insert(meterRows(charger, key.connectorId, inserted.id, readings));
        // A new transaction on a connector ends whatever the charger never stopped there.
        const stale = await tx.ongoingOnConnector(key.chargerId, key.connectorId, inserted.id);
        const closed = [];
        for (const old of stale) {
          closed.push(await closeByServer(trx, old, 'replacedByNewTransaction', key.startTime));
        }
        await announceStopped(trx, ...closed);
        await events.append(trx, 'session.started', {
          stationId: inserted.station_id,
          chargerId: charger.chargerId,
          sessionId: inserted.id,
          connectorId: inserted.connector_id,
          idTag: inserted.id_tag,
          startBy: inserted.start_by,
          startTime: inserted.start_time.toISOString(),
          meterStartWh: inserted.meter_start_wh,
        });
        return { session: inserted, replayed: false };
      });
      return {
        session: outcome.session,
        replayed: outcome.replayed,
        authorization: outcome.session.authorization as AuthorizationStatus,
      };
    },

    /**
     * Stores the readings of an ongoing transaction. They belong to its session when this server started it;
     * readings of a transaction it does not know are kept on the connector, as readings outside any session.
     */
    update: async (charger: ChargerIdentity, event: TransactionEvent<'Updated'>): Promise<void> => {
      const own = await repo.ownSession(charger.chargerId, event.transactionInfo.transactionId);
      const connectorId = event.evse?.id ?? own?.connector_id ?? 0;
      await storeReadings(charger, connectorId, own?.id ?? null, event.meterValue ?? []);
    },

    /** Readings outside any transaction (2.0.1 MeterValuesRequest: an EVSE, 0 for the whole charger). */
    recordMeterValues: (
      charger: ChargerIdentity,
      input: { evseId: number; meterValue: MeterValue[] },
    ): Promise<void> => storeReadings(charger, input.evseId, null, input.meterValue),

    /**
     * Completes the session of the transaction, at the Transaction.End register (else the newest energy reading),
     * with its readings and its cost, in one transaction. A transaction this server does not know is still
     * accepted, and recorded as a complete session flagged 'unknownTransaction' (OCPP 1.6 sections 4.8 and 4.10:
     * the charger would otherwise retry it forever). A session the server closed itself is corrected by the late
     * stop; a stop told twice changes nothing the second time.
     */
    end: (charger: ChargerIdentity, event: TransactionEvent<'Ended'>): Promise<ChargingSessionRow> => {
      const transactionId = checkedTransactionId(event.transactionInfo.transactionId);
      const endTime = new Date(event.timestamp);
      const { registerWh, rest } = takeRegister(event.meterValue ?? [], 'Transaction.End');
      const readings = readingsOf(rest);
      const idTag = event.idToken?.idToken ?? null;
      return db.transaction().execute(async (trx) => {
        const tx = sessionsRepository(trx);
        const found = await tx.findForStopForUpdate(charger.chargerId, transactionId);
        const lateFix = found?.status === 'complete' && found.flags.some((f) => closedByServer.includes(f));
        if (found && found.status === 'complete' && !lateFix) return found;

        const toldWh = registerWh ?? withEnergy(readings, 'newest')?.energyWh;
        const stop = {
          transactionId,
          connectorId: event.evse?.id ?? 0,
          idTag,
          at: endTime,
          meterStopWh: toldWh ?? 0,
        };
        // (A replay of an unknown transaction's stop finds the flagged row above, already complete.)
        const session =
          found ??
          (await tx.insertUnknown({
            ...unknownSession(charger, stop, readings, now()),
            ...(idTag !== null && cardColumns(await cardAuthorization(trx).decide(charger.stationId, idTag))),
          }));
        if (!session) {
          // The same stop arrived twice at once and the other one recorded it.
          return (await tx.findForStopForUpdate(charger.chargerId, transactionId))!;
        }
        // The transaction data first: the cost is priced from every reading of the session.
        await meterValuesRepository(trx).insert(
          meterRows(charger, session.connector_id, session.id, readings),
        );
        const meterStopWh =
          toldWh ??
          (await meterValuesRepository(trx).lastEnergyReading(session.id))?.energy_wh ??
          session.meter_start_wh;
        const energy = meterStopWh - session.meter_start_wh;
        const stopped = await tx.update(session.id, {
          status: 'complete',
          end_time: endTime,
          meter_stop_wh: meterStopWh,
          energy_wh: Math.max(0, energy),
          stop_reason: event.transactionInfo.stoppedReason ?? 'Local',
          flags: energy < 0 ? [...session.flags, 'meterDecreased'] : session.flags,
          updated_at: now(),
          ...(await settledCost(trx, session, { at: endTime, energyWh: meterStopWh })),
        });
        await announceStopped(trx, stopped);
        return stopped;
      });
    },

    /**
     * Closes, as complete with stop reason 'offlineTimeout' and the last known meter value, every ongoing session
     * of a charger that has been offline since before `offlineBefore`. Returns how many.
     */
    closeStuckSessions: async (offlineBefore: Date): Promise<number> => {
      let count = 0;
      for (const id of await repo.stuckSessionIds(offlineBefore)) {
        const closed = await db.transaction().execute(async (trx) => {
          const session = await sessionsRepository(trx).lockOngoing(id);
          if (!session) return false;
          await announceStopped(trx, await closeByServer(trx, session, 'offlineTimeout', session.start_time));
          return true;
        });
        if (closed) count += 1;
      }
      return count;
    },

    /**
     * The console closes a session stuck ongoing (its charger is offline and will not send StopTransaction): complete
     * at the last meter reading (its time, or the start), priced from it, with the operator's reason as stop reason
     * and the flag 'closedByOperator'. The charger's own StopTransaction, if it comes later, still wins. Undefined
     * when the session is not ongoing (any more).
     */
    closeByOperator: (sessionId: number, reason: string): Promise<ChargingSessionRow | undefined> =>
      db.transaction().execute(async (trx) => {
        const session = await sessionsRepository(trx).lockOngoing(sessionId);
        if (!session) return undefined;
        const closed = await closeByServer(trx, session, 'closedByOperator', session.start_time, reason);
        await announceStopped(trx, closed);
        return closed;
      }),

    getSession: (sessionId: number): Promise<ChargingSessionRow | undefined> => repo.findById(sessionId),

    /**
     * The console sent RemoteStartTransaction: the charger's StartTransaction for that connector and id tag, if it
     * comes within `ttlMs`, is recorded as started by 'remoteApp'. Returns the request's id, for `forgetRemoteStart`.
     */
    expectRemoteStart: (chargerId: number, connectorId: number, idTag: string, ttlMs: number) => {
      const at = now();
      return remoteStarts.insert({
        chargerId,
        connectorId,
        idTag,
        at,
        expiresAt: new Date(at.getTime() + ttlMs),
      });
    },

    /** The charger refused the start: nothing is expected any more. */
    forgetRemoteStart: (id: number): Promise<void> => remoteStarts.delete(id),

    /** The ongoing sessions of a charger, the earliest first. */
    ongoingOf: (chargerId: number): Promise<ChargingSessionRow[]> => repo.ongoingOfCharger(chargerId),
  };
}

export type SessionService = ReturnType<typeof sessionService>;
