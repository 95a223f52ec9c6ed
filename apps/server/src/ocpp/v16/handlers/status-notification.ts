import type { V16Handler } from '../handler.ts';
import { mapOcpp16Status } from '../status-mapping.ts';

export const statusNotification: V16Handler<'StatusNotification'> = async (params, ctx) => {
  await ctx.chargers.recordConnectorStatus(
    ctx.charger.chargerId,
    {
      connectorId: params.connectorId,
      ocppStatus: params.status,
      errorCode: params.errorCode,
      info: params.info ?? null,
      vendorErrorCode: params.vendorErrorCode ?? null,
      timestamp: params.timestamp ? new Date(params.timestamp) : ctx.now(),
    },
    mapOcpp16Status,
  );
  return {};
};
