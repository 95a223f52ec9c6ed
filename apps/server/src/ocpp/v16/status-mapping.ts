import type { ChargerStatus } from '@plugboard/contract';
import type { Ocpp16 } from '@plugboard/ocpp';
import type { StatusMapper } from '../../modules/chargers/chargers.service.ts';
import { holdReasonFromInfo, holdStatuses, isHoldStatus } from '../../modules/chargers/hold-reason.ts';

export type Ocpp16Status = Ocpp16.StatusNotificationRequest['status'];

/**
 * OCPP 1.6 connector statuses onto the console's (the table in docs/ocpp.md says why each). SuspendedEVSE is refined
 * by why the car is held back (modules/chargers/hold-reason.ts): from the report's `info`, or as the load manager set
 * it (chargers.service recordHoldReason) while the connector stays SuspendedEVSE.
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
  if (report.ocppStatus === 'SuspendedEVSE') {
    const reason = holdReasonFromInfo(report.info);
    if (reason) return holdStatuses[reason];
    // Still held back for the reason set before (by the load manager, or an earlier report).
    if (previous?.ocpp_status === 'SuspendedEVSE' && isHoldStatus(previous.status)) return previous.status;
  }
  const wasFaulted = previous?.ocpp_status === 'Faulted' || previous?.status === 'recoveringFromFault';
  return status === 'unavailable' && report.ocppStatus === 'Unavailable' && wasFaulted
    ? 'recoveringFromFault'
    : status;
};
