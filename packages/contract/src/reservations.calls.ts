import type { CallDefinition } from './call-definition.ts';
import {
  reservationAddSchema,
  reservationCancelResultSchema,
  reservationListQuerySchema,
  reservationListSchema,
  reservationRefSchema,
  reservationResultSchema,
} from './reservations.ts';

/** Reservations of a charger's connectors for a card until a time (OCPP 1.6 ReserveNow / CancelReservation). */
export const reservationCalls = {
  '/cms-system/system/reservation/v2/list': {
    body: reservationListQuerySchema,
    data: reservationListSchema,
    access: 'site',
    summary: "The charger's reservations in force",
  },
  '/cms-system/system/reservation/v2/add': {
    body: reservationAddSchema,
    data: reservationResultSchema,
    access: 'site',
    summary:
      "Reserves a connector (0: any) for a card of the site until a time (ReserveNow); answers the charger's status",
  },
  '/cms-system/system/reservation/v2/cancel': {
    body: reservationRefSchema,
    data: reservationCancelResultSchema,
    access: 'site',
    summary: "Cancels a reservation (CancelReservation); answers the charger's status",
  },
} as const satisfies Record<string, CallDefinition>;
