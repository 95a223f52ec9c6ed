import { z } from 'zod';

const stationId = z.number({ error: 'Choose a site' }).int('Choose a site').positive('Choose a site');
const chargerId = z.number().int().positive();

/** What a charger answers to ReserveNow (OCPP 1.6 ReservationStatus). */
export const reservationAnswers = ['Accepted', 'Faulted', 'Occupied', 'Rejected', 'Unavailable'] as const;
export type ReservationAnswer = (typeof reservationAnswers)[number];

export const reservationPastMessage = 'The reservation must end in the future';
export const reservationMissingMessage = 'The reservation does not exist or has ended';
export const reservationCardRecycledMessage = 'The card is recycled: restore it first';

export const reservationAddSchema = z.object({
  stationId,
  chargerId,
  connectorId: z
    .number({ error: 'Choose a connector' })
    .int('Choose a connector')
    .min(0, 'Choose a connector')
    .describe('0 reserves any connector of the charger'),
  idTag: z
    .string({ error: 'Enter the card ID' })
    .trim()
    .min(1, 'Enter the card ID')
    .max(20, 'The card ID has at most 20 characters')
    .describe('A card of the site (1039 otherwise); its StartTransaction ends the reservation'),
  expiryDate: z.iso
    .datetime({ error: 'Enter when the reservation ends' })
    .describe('In the future (4129 otherwise)'),
});
export type ReservationAdd = z.infer<typeof reservationAddSchema>;

export const reservationRefSchema = z.object({
  stationId,
  chargerId,
  reservationId: z.number().int().positive(),
});
export type ReservationRef = z.infer<typeof reservationRefSchema>;

export const reservationListQuerySchema = z.object({ stationId, chargerId });

/** A reservation in force: not expired, cancelled, refused or used by its card's start. */
export const reservationSchema = z.object({
  id: z.number().int(),
  chargerId: z.number().int(),
  connectorId: z.number().int(),
  idTag: z.string(),
  expiryDate: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type Reservation = z.infer<typeof reservationSchema>;

/** ReserveNow's answer: the charger's status, and the reservation when it accepted. */
export const reservationResultSchema = z.object({
  status: z.enum(reservationAnswers),
  reservation: reservationSchema.nullable(),
});
export type ReservationResult = z.infer<typeof reservationResultSchema>;

/** CancelReservation's answer: Rejected when the charger holds no such reservation (it ends here too). */
export const reservationCancelResultSchema = z.object({ status: z.enum(['Accepted', 'Rejected']) });
export type ReservationCancelResult = z.infer<typeof reservationCancelResultSchema>;

export const reservationListSchema = z.object({ list: z.array(reservationSchema) });
export type ReservationList = z.infer<typeof reservationListSchema>;
