import type { OcppLogExport } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import type { OcppLogFilter } from './get-ocpp-messages';

export const exportOcppLogPath = '/cms-system/system/ocpp-log/v2/export';

/** The messages matching the filter (at most 10,000, the newest), for a JSON file. */
export const exportOcppLog = (chargerId: number, filter: OcppLogFilter): Promise<OcppLogExport> =>
  apiPost(exportOcppLogPath, {
    chargerId,
    ...(filter.action.trim() && { action: filter.action.trim() }),
    ...(filter.from && { from: filter.from }),
    ...(filter.to && { to: filter.to }),
  });
