import type { V16Handler } from '../handler.ts';
import { mapOcpp16Status } from '../status-mapping.ts';
import { statusReported } from './boot-notification.ts';

export const statusNotification: V16Handler<'StatusNotification'> = async (params, ctx) => {
  const timestamp = params.timestamp ? new Date(params.timestamp) : ctx.now();
  await ctx.chargers.recordConnectorStatus(
    ctx.charger.chargerId,
    {
      connectorId: params.connectorId,
      ocppStatus: params.status,
      errorCode: params.errorCode,
      info: params.info ?? null,
      vendorErrorCode: params.vendorErrorCode ?? null,
      timestamp,
    },
    mapOcpp16Status,
  );
  statusReported(ctx, timestamp);
  return {};
};
