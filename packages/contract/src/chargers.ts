import { z } from 'zod';

/**
 * The console's charger statuses (spec section 4), for a charger and for each of its connectors. How OCPP
 * statuses map onto them is in docs/ocpp.md.
 */
export const chargerStatuses = [
  'offline',
  'online',
  'ready',
  'available',
  'charging',
  'queuing',
  'waitingForEv',
  'scheduled',
  'recoveringFromFault',
  'waitingForGridCapacity',
  'waitingForSurplus',
  'waitingForRandomizedDelay',
  'disconnected',
  'chargingComplete',
  'unavailable',
  'faulted',
] as const;
export const chargerStatusSchema = z.enum(chargerStatuses);
export type ChargerStatus = (typeof chargerStatuses)[number];

export const chargerTypes = ['socket', 'socketWithShutter', 'cable'] as const;
export type ChargerType = (typeof chargerTypes)[number];

export const connectivities = ['4G', 'WiFi', 'LAN'] as const;
export type Connectivity = (typeof connectivities)[number];

export const chargingSessionStatuses = ['ongoing', 'complete'] as const;
export type ChargingSessionStatus = (typeof chargingSessionStatuses)[number];

export const chargerLimits = {
  aliasMax: 8,
  /** OCPP's identity is a CiString48; letters, digits, '.', '_' and '-' keep it safe in a URL path. */
  productCodePattern: /^[A-Za-z0-9._-]{1,48}$/,
  /** Printable ASCII without spaces: the PIN is the password of HTTP Basic auth. */
  pinPattern: /^[\x21-\x7e]{4,40}$/,
} as const;
