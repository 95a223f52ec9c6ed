import type { Db, Trx } from '../../db/client.ts';
import type { AppEvents, EventBus } from '../../lib/event-bus.ts';
import type { ChargerIdentity } from '../chargers/chargers.service.ts';
import { cardAuthorization, type CardDecision } from '../cards/card-authorization.service.ts';
import { meterValuesRepository, type NewMeterValue } from './meter-values.repository.ts';
import { remoteStartsRepository } from './remote-starts.repository.ts';
import { rowBatcher } from './row-batcher.ts';
import { settledCost } from './session-pricing.ts';
import { sessionsRepository, type ChargingSessionRow } from './sessions.repository.ts';

export type { ChargingSessionRow };

export type SessionServiceDeps = {
  db: Db;
  events: Pick<EventBus, 'append' | 'signal'>;
  now: () => Date;
};

/** One sample of a charger's meter, in the units we store (Wh, W, A); what it did not measure is null. */
export type MeterReading = {
  sampledAt: Date;
  energyWh: number | null;
  powerW: number | null;
  currents: [number | null, number | null, number | null];
};

export type StartInput = {
  connectorId: number;
  idTag: string;
  meterStartWh: number;
  startTime: Date;
  /** The start-by source unless the console asked for this start; else a card's is 'rfid', any other 'others'. */
  startBy?: string;
};

export type StopInput = {
  transactionId: number;
  meterStopWh: number;
  endTime: Date;
  /** The charger's reason; OCPP says an absent reason means 'Local'. */
  reason: string | null;
  idTag: string | null;
  readings: MeterReading[];
};

export type AuthorizationStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid';

/** Sessions this server closed itself; the charger's own StopTransaction, when it comes, still wins. */
const closedByServer = ['offlineTimeout', 'replacedByNewTransaction'];

/**
 * Charging sessions (OCPP transactions) and meter readings. Each reply to a charger is given after the change is
 * committed with its event, and replays (same StartTransaction, same StopTransaction) are recognised and change
 * nothing. Readings are announced as signals, best effort.
 */
export function sessionService({ db, events, now }: SessionServiceDeps) {
  const repo = sessionsRepository(db);
  const remoteStarts = remoteStartsRepository(db);
  // MeterValues of many chargers arriving together share one insert (row-batcher.ts says why).
  const insertMeterValues = rowBatcher<NewMeterValue>((rows) => meterValuesRepository(db).insert(rows));

  // Written with the stop and its cost: the charging report mail reads the cost on this event.
  const announceStopped = (trx: Trx, ...stopped: ChargingSessionRow[]) =>
    events.append(trx, 'session.stopped', ...stopped.map(stoppedEvent));

  /** Closes a session the charger did not stop, at its last known meter value, and prices it. */
  const closeByServer = async (trx: Trx, session: ChargingSessionRow, reason: string, endAtLeast: Date) => {
    const last = await meterValuesRepository(trx).lastEnergyReading(session.id);
    const meterStop = Math.max(last?.energy_wh ?? session.meter_start_wh, session.meter_start_wh);
    const lastTime = last?.sampled_at ?? session.start_time;
    const endTime = lastTime > endAtLeast ? lastTime : endAtLeast;
    return sessionsRepository(trx).update(session.id, {
      status: 'complete',
      end_time: endTime,
      meter_stop_wh: meterStop,
      energy_wh: meterStop - session.meter_start_wh,
      stop_reason: reason,
      flags: [...session.flags, reason],
      updated_at: now(),
      ...(await settledCost(trx, session, { at: endTime, energyWh: meterStop })),
    });
  };

  return {
    /**
     * Whether a card may charge at this charger: an active card of the charger's site is Accepted, a recycled one
     * Blocked, any other id tag Invalid (docs/ocpp.md, Authorize).
     */
    authorizeIdTag: async (charger: ChargerIdentity, idTag: string): Promise<AuthorizationStatus> =>
      (await cardAuthorization(db).decide(charger.stationId, idTag)).status,

    /**
     * Starts a session, or finds the one a replayed start already created. The card is checked again (the charger
     * may have authorised it offline, or not at all) and the session recorded whatever the decision: the charger
     * charges anyway. `authorization` is the decision recorded, for the charger's idTagInfo.
     */
    startSession: async (
      charger: ChargerIdentity,
      input: StartInput,
    ): Promise<{ session: ChargingSessionRow; replayed: boolean; authorization: AuthorizationStatus }> => {
      const outcome = await db.transaction().execute(async (trx) => {
        const tx = sessionsRepository(trx);
        const key = { chargerId: charger.chargerId, ...input };
        // A start the console asked for (RemoteStartTransaction) is the remote app's, whoever's card it names,
        // and the console's decision stands; a card it names still gives the session its group.
        const remote = await remoteStartsRepository(trx).consume(
          charger.chargerId,
          input.connectorId,
          input.idTag,
          now(),
        );
        const decision = await cardAuthorization(trx).decide(charger.stationId, input.idTag);
        const inserted = await tx.insertStarted({
          ...key,
          stationId: charger.stationId,
          startBy: remote ? 'remoteApp' : (input.startBy ?? (decision.card ? 'rfid' : 'others')),
          authorization: remote ? 'Accepted' : decision.status,
          card: cardSnapshot(decision),
        });
        if (!inserted) return { session: (await tx.findByStart(key))!, replayed: true };
        // A new transaction on a connector ends whatever the charger never stopped there.
        const stale = await tx.ongoingOnConnector(charger.chargerId, input.connectorId, inserted.id);
        const closed = [];
        for (const old of stale) {
          closed.push(await closeByServer(trx, old, 'replacedByNewTransaction', input.startTime));
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
     * Completes the session of `transactionId`. A transaction this server does not know is still accepted, and
     * recorded as a complete session flagged 'unknownTransaction' (OCPP 1.6 sections 4.8 and 4.10: the charger
     * would otherwise retry it forever). A session the server closed itself is corrected by the late stop.
     */
    stopSession: (charger: ChargerIdentity, input: StopInput): Promise<ChargingSessionRow> =>
      db.transaction().execute(async (trx) => {
        const tx = sessionsRepository(trx);
        const found = await tx.findForStopForUpdate(charger.chargerId, input.transactionId);
        const lateFix = found?.status === 'complete' && found.flags.some((f) => closedByServer.includes(f));
        if (found && found.status === 'complete' && !lateFix) return found;

        // (A replay of an unknown transaction's stop finds the flagged row above, already complete.)
        const session =
          found ??
          (await tx.insertUnknown({
            ...unknownSession(charger, input, now()),
            ...(input.idTag !== null &&
              cardColumns(await cardAuthorization(trx).decide(charger.stationId, input.idTag))),
          }));
        if (!session) {
          // The same stop arrived twice at once and the other one recorded it.
          return (await tx.findForStopForUpdate(charger.chargerId, input.transactionId))!;
        }
        const energy = input.meterStopWh - session.meter_start_wh;
        // The transaction data first: the cost is priced from every reading of the session.
        await meterValuesRepository(trx).insert(
          meterRows(charger, session.connector_id, session.id, input.readings),
        );
        const end = { at: input.endTime, energyWh: input.meterStopWh };
        const stopped = await tx.update(session.id, {
          status: 'complete',
          end_time: input.endTime,
          meter_stop_wh: input.meterStopWh,
          energy_wh: Math.max(0, energy),
          stop_reason: input.reason ?? 'Local',
          flags: energy < 0 ? [...session.flags, 'meterDecreased'] : session.flags,
          updated_at: now(),
          ...(await settledCost(trx, session, end)),
        });
        await announceStopped(trx, stopped);
        return stopped;
      }),

    /** Stores readings; they belong to a session when the charger names a transaction this server started. */
    recordMeterValues: async (
      charger: ChargerIdentity,
      input: { connectorId: number; transactionId: number | null; readings: MeterReading[] },
    ): Promise<void> => {
      const sessionId =
        input.transactionId === null ? null : await repo.sessionIdOf(charger.chargerId, input.transactionId);
      const rows = meterRows(charger, input.connectorId, sessionId, input.readings);
      if (rows.length === 0) return;
      await insertMeterValues(rows);
      events.signal('meter.values', {
        stationId: charger.stationId,
        chargerId: charger.chargerId,
        connectorId: input.connectorId,
        sessionId,
        readings: input.readings.map((r) => ({ ...r, sampledAt: r.sampledAt.toISOString() })),
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

function stoppedEvent(s: ChargingSessionRow): AppEvents['session.stopped'] {
  return {
    stationId: s.station_id,
    chargerId: chargerOf(s),
    sessionId: s.id,
    connectorId: s.connector_id,
    endTime: (s.end_time ?? s.start_time).toISOString(),
    energyWh: s.energy_wh ?? 0,
    stopReason: s.stop_reason,
    flags: s.flags,
  };
}

/** A session that starts or stops has its charger: one with an ongoing session cannot be deleted. */
function chargerOf(s: ChargingSessionRow): number {
  if (s.charger_id === null) throw new Error(`session ${s.id} lost its charger while it was being stopped`);
  return s.charger_id;
}

/** What a session keeps of the card its id tag names: the card and its group as they are at the start. */
function cardSnapshot({ card }: CardDecision) {
  return (
    card && {
      id: card.id,
      groupId: card.group_id,
      groupName: card.group_name,
      multiplierBp: card.multiplier_bp,
    }
  );
}

/** The same, as columns, with the decision. */
function cardColumns(decision: CardDecision) {
  const card = cardSnapshot(decision);
  return {
    authorization: decision.status,
    card_id: card?.id ?? null,
    card_group_id: card?.groupId ?? null,
    card_group_name: card?.groupName ?? null,
    multiplier_bp: card?.multiplierBp ?? 10_000,
  };
}

/** A session for a stop of a transaction we never started: it began at its first reading, or at its stop. */
function unknownSession(charger: ChargerIdentity, input: StopInput, at: Date) {
  const energies = input.readings.filter((r) => r.energyWh !== null);
  const first = energies.reduce<MeterReading | undefined>(
    (a, r) => (a === undefined || r.sampledAt < a.sampledAt ? r : a),
    undefined,
  );
  return {
    station_id: charger.stationId,
    charger_id: charger.chargerId,
    connector_id: 0,
    transaction_id: input.transactionId,
    id_tag: input.idTag ?? '',
    start_time: first?.sampledAt ?? input.endTime,
    meter_start_wh: first?.energyWh ?? input.meterStopWh,
    start_by: 'unknown',
    product_code: charger.productCode,
    flags: ['unknownTransaction'],
    created_at: at,
    updated_at: at,
  };
}

function meterRows(
  charger: ChargerIdentity,
  connectorId: number,
  sessionId: number | null,
  readings: MeterReading[],
): NewMeterValue[] {
  return readings
    .filter((r) => r.energyWh !== null || r.powerW !== null || r.currents.some((c) => c !== null))
    .map((r) => ({
      charger_id: charger.chargerId,
      connector_id: connectorId,
      session_id: sessionId,
      sampled_at: r.sampledAt,
      energy_wh: r.energyWh,
      power_w: r.powerW,
      current_l1: r.currents[0],
      current_l2: r.currents[1],
      current_l3: r.currents[2],
    }));
}
