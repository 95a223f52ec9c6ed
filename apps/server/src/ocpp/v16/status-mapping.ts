import type { ChargerStatus } from '@plugboard/contract';
import type { Ocpp16 } from '@plugboard/ocpp';
import type { StatusMapper } from '../../modules/chargers/chargers.service.ts';

export type Ocpp16Status = Ocpp16.StatusNotificationRequest['status'];

/**
 * OCPP 1.6 connector statuses onto the console's (the table in docs/ocpp.md says why each). The load-management
 * statuses (scheduled, waitingForGridCapacity, waitingForSurplus, waitingForRandomizedDelay) are never reported by
 * a charger: the load manager will refine 'queuing' into them, as it knows why it holds a charger back.
 */
export const ocpp16StatusMap: Record<Ocpp16Status, ChargerStatus> = {
  Available: 'available',
  Preparing: 'ready',
  Charging: 'charging',
  SuspendedEV: 'waitingForEv',
  SuspendedEVSE: 'queuing',
  Finishing: 'chargingComplete',
  Reserved: 'unavailable',
  Unavailable: 'unavailable',
  Faulted: 'faulted',
};

/**
 * A connector that was faulted and now reports Unavailable is on its way back (rebooting, self-testing): it shows
 * 'recoveringFromFault' until it reports anything but Unavailable.
 */
export const mapOcpp16Status: StatusMapper = (report, previous) => {
  const status = ocpp16StatusMap[report.ocppStatus as Ocpp16Status] ?? 'unavailable';
  const wasFaulted = previous?.ocpp_status === 'Faulted' || previous?.status === 'recoveringFromFault';
  return status === 'unavailable' && report.ocppStatus === 'Unavailable' && wasFaulted
    ? 'recoveringFromFault'
    : status;
};
