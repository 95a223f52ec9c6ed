import type { Ocpp16 } from '@plugboard/ocpp';
import type { SimulatedCharger } from './simulated-charger.ts';

export type SimReservation = {
  id: number;
  /** 0: any connector of the charger. */
  connectorId: number;
  idTag: string;
  expiryDate: Date;
  timer: NodeJS.Timeout;
};

/**
 * The charger's reservations (OCPP 1.6 5.13, 5.2, 3.9): ReserveNow on a connector that is Available (Faulted,
 * Unavailable or Occupied otherwise; a connector it does not have is Rejected), or on connector 0 while one is
 * Available; the same reservationId replaces its reservation. A reserved connector reports Reserved and starts only
 * for the reservation's card, whose StartTransaction names the reservationId; at its expiry the connector is
 * Available again. CancelReservation of an unknown id is Rejected.
 */
export function attachReservationHandlers(charger: SimulatedCharger): void {
  const { reservations } = charger;
  const { connectors, log, later } = charger.internals;

  const release = (r: SimReservation) => {
    clearTimeout(r.timer);
    reservations.delete(r.id);
    const c = connectors.get(r.connectorId);
    if (c?.status === 'Reserved') later(0, () => charger.setStatus(c.id, 'Available'));
  };

  const reserveNow = ({
    connectorId,
    expiryDate,
    idTag,
    reservationId,
  }: Ocpp16.ReserveNowRequest): Ocpp16.ReserveNowResponse => {
    const existing = reservations.get(reservationId);
    const outlets = [...connectors.values()];
    if (connectorId === 0) {
      if (!outlets.some((c) => c.status === 'Available' || c.id === existing?.connectorId)) {
        return { status: outlets.every((c) => c.status === 'Faulted') ? 'Faulted' : 'Occupied' };
      }
    } else {
      const c = connectors.get(connectorId);
      if (!c) return { status: 'Rejected' };
      if (c.status === 'Faulted') return { status: 'Faulted' };
      if (c.status === 'Unavailable') return { status: 'Unavailable' };
      const mine = existing?.connectorId === connectorId && c.status === 'Reserved';
      const taken = [...reservations.values()].some(
        (r) => r.connectorId === connectorId && r.id !== reservationId,
      );
      if (taken || (c.status !== 'Available' && !mine)) return { status: 'Occupied' };
    }
    if (existing) release(existing);
    const expiry = new Date(expiryDate);
    const timer = setTimeout(
      () => {
        const r = reservations.get(reservationId);
        if (r?.timer !== timer) return;
        log(`reservation ${reservationId} expired`);
        release(r);
      },
      Math.max(0, expiry.getTime() - Date.now()),
    );
    timer.unref();
    reservations.set(reservationId, { id: reservationId, connectorId, idTag, expiryDate: expiry, timer });
    if (connectorId > 0) later(0, () => charger.setStatus(connectorId, 'Reserved'));
    return { status: 'Accepted' };
  };

  const cancelReservation = ({
    reservationId,
  }: Ocpp16.CancelReservationRequest): Ocpp16.CancelReservationResponse => {
    const r = reservations.get(reservationId);
    if (!r) return { status: 'Rejected' };
    release(r);
    return { status: 'Accepted' };
  };

  charger.client.handle('ReserveNow', async ({ params }) => {
    log(`⇐ ReserveNow ${JSON.stringify(params)}`);
    return Promise.resolve(reserveNow(params as Ocpp16.ReserveNowRequest));
  });
  charger.client.handle('CancelReservation', async ({ params }) => {
    log(`⇐ CancelReservation ${JSON.stringify(params)}`);
    return Promise.resolve(cancelReservation(params as Ocpp16.CancelReservationRequest));
  });
}

/** The reservation a start of `idTag` on the connector uses, if any; one for another card blocks the connector. */
export function reservationFor(
  reservations: Map<number, SimReservation>,
  connectorId: number,
  idTag: string,
): { use: SimReservation | undefined; blockedBy: SimReservation | undefined } {
  const all = [...reservations.values()];
  const same = (r: SimReservation) => r.idTag.toLowerCase() === idTag.toLowerCase();
  const use =
    all.find((r) => r.connectorId === connectorId && same(r)) ??
    all.find((r) => r.connectorId === 0 && same(r));
  const blockedBy = use ? undefined : all.find((r) => r.connectorId === connectorId);
  return { use, blockedBy };
}
