import type { Charger, ChargerAdd, ChargerUpdate } from '@plugboard/contract';
import { codes, securityProfileRefusedMessage } from '@plugboard/contract';
import type { Db, Trx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import type { ChargerLink } from './charger-link.ts';
import type { ChargerViewService } from './charger-view.service.ts';
import { ongoingSessions } from '../sessions/ongoing-sessions.service.ts';
import { chargersRepository } from './chargers.repository.ts';
import { assertLoadManagementOff, translateInsertError, type ChargerService } from './chargers.service.ts';

export type ChargerAdminDeps = {
  /** Tells a connected charger its new SecurityProfile (OCPP 1.6 security whitepaper); absent in some tests. */
  chargerLink?: ChargerLink;
  db: Db;
  events: Pick<EventBus, 'append'>;
  now: () => Date;
  chargers: ChargerService;
  view: ChargerViewService;
};

/**
 * The console's management of a site's chargers: add, change, delete. Adding and deleting need the site's load
 * management off (1506); each change writes its 'charger.changed' in its transaction (an add, in registerCharger's).
 */
export function chargerAdminService({ db, events, now, chargers, view, chargerLink }: ChargerAdminDeps) {
  const announce = (trx: Trx, stationId: number, chargerId: number, change: 'updated' | 'deleted') =>
    events.append(trx, 'charger.changed', { stationId, chargerId, change });

  /**
   * A connected charger is told a higher profile first (ChangeConfiguration SecurityProfile; it reconnects with it):
   * refused, nothing changes (1039). A lower one is not sent: chargers refuse a downgrade, and the profile here is
   * what the handshake requires. An offline charger is set up by hand (the console says so before).
   */
  const raiseOnCharger = async (stationId: number, chargerId: number, profile: number) => {
    const charger = await view.find(stationId, chargerId);
    if (!charger || !chargerLink || !charger.connected || profile <= charger.securityProfile) return;
    const answer = await chargerLink
      .send(charger.productCode, 'ChangeConfiguration', { key: 'SecurityProfile', value: String(profile) })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === codes.chargerOffline) return undefined;
        throw error;
      });
    if (answer && answer.status !== 'Accepted' && answer.status !== 'RebootRequired')
      throw new AppError(codes.operationFailed, securityProfileRefusedMessage);
  };

  return {
    /** Refuses with 1506 while the site's load management is active. */
    assertLoadManagementOff: (stationId: number): Promise<void> =>
      assertLoadManagementOff(chargersRepository(db), stationId),

    /** `userId`: who adds, whose tries of a taken product code's PIN are limited like a charger's handshakes. */
    add: async (
      stationId: number,
      input: Omit<ChargerAdd, 'stationId'>,
      userId?: number,
    ): Promise<Charger> => {
      const charger = await chargers.registerCharger({
        ...input,
        ...(userId !== undefined && { guesser: `user:${userId}` }),
        stationId,
        alias: input.alias || input.productCode.slice(-8),
      });
      return view.detail(stationId, charger.id);
    },

    update: async (stationId: number, { chargerId, ...patch }: Omit<ChargerUpdate, 'stationId'>) => {
      if (patch.securityProfile !== undefined)
        await raiseOnCharger(stationId, chargerId, patch.securityProfile);
      await db
        .transaction()
        .execute(async (trx) => {
          const tx = chargersRepository(trx);
          if (!(await tx.lockInStation(stationId, chargerId))) throw new AppError(codes.chargerNotFound);
          await tx.update(chargerId, {
            ...(patch.alias !== undefined && { alias: patch.alias }),
            ...(patch.chargerType !== undefined && { charger_type: patch.chargerType }),
            ...(patch.ratedPowerW !== undefined && { rated_power_w: patch.ratedPowerW }),
            ...(patch.connectivity !== undefined && { connectivity: patch.connectivity }),
            ...(patch.capacityL1 !== undefined && { capacity_l1: patch.capacityL1 }),
            ...(patch.capacityL2 !== undefined && { capacity_l2: patch.capacityL2 }),
            ...(patch.capacityL3 !== undefined && { capacity_l3: patch.capacityL3 }),
            // Checked at its next handshake; the socket it has now stays until it reconnects.
            ...(patch.securityProfile !== undefined && { security_profile: patch.securityProfile }),
            updated_at: now(),
          });
          await announce(trx, stationId, chargerId, 'updated');
        })
        .catch(translateInsertError);
      return view.detail(stationId, chargerId);
    },

    /**
     * Deletes a charger with its connectors and the readings outside sessions; its sessions are history and stay
     * (listed under the alias they started with). Refused while load management is active (1506) or a session is
     * ongoing (1036). Its PIN stops working at once; the node holding its socket closes it on the event (4001).
     */
    remove: async (stationId: number, chargerId: number): Promise<void> => {
      await db.transaction().execute(async (trx) => {
        const tx = chargersRepository(trx);
        await assertLoadManagementOff(tx, stationId);
        const charger = await tx.lockInStation(stationId, chargerId);
        if (!charger) throw new AppError(codes.chargerNotFound);
        if (await ongoingSessions(trx).anyOnCharger(chargerId)) throw new AppError(codes.chargerCharging);
        await tx.delete(chargerId);
        await announce(trx, stationId, chargerId, 'deleted');
      });
    },
  };
}

export type ChargerAdminService = ReturnType<typeof chargerAdminService>;
