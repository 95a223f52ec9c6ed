import type { ChargerStatus } from '@plugboard/contract';

/** The MUI colours a status chip can take; `default` is the neutral grey. */
export type StatusColor = 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info';

/**
 * Colour by meaning, so an operator can scan a long list: blue for power flowing, green for usable, orange for a
 * charger that waits on something (the car, the grid, the load manager), red for a fault, grey for unreachable.
 */
export const statusColors: Record<ChargerStatus, StatusColor> = {
  charging: 'primary',
  online: 'success',
  ready: 'success',
  available: 'success',
  queuing: 'warning',
  waitingForEv: 'warning',
  scheduled: 'warning',
  recoveringFromFault: 'warning',
  waitingForGridCapacity: 'warning',
  waitingForSurplus: 'warning',
  waitingForRandomizedDelay: 'warning',
  chargingComplete: 'info',
  offline: 'default',
  disconnected: 'default',
  unavailable: 'default',
  faulted: 'error',
};
