import type { Ocpp16 } from '@plugboard/ocpp';
import type { V16Context, V16Handler } from '../handler.ts';

type VendorHandler = (
  request: Ocpp16.DataTransferRequest,
  ctx: V16Context,
) => Promise<Ocpp16.DataTransferResponse>;

/** Vendor extensions this server understands, by vendorId. None yet. */
const vendors: Record<string, VendorHandler> = {};

// An unknown vendor is an answer (UnknownVendorId), not an error: OCPP 1.6 section 4.3.
export const dataTransfer: V16Handler<'DataTransfer'> = (params, ctx) => {
  const vendor = Object.hasOwn(vendors, params.vendorId) ? vendors[params.vendorId] : undefined;
  // A vendor the operator named: accepted as it came; the message log shows it raw.
  if (!vendor && ctx.dataTransferVendors?.has(params.vendorId))
    return Promise.resolve({ status: 'Accepted' });
  if (!vendor) {
    ctx.log.info(
      { vendorId: params.vendorId, messageId: params.messageId },
      'DataTransfer from unknown vendor',
    );
    return Promise.resolve({ status: 'UnknownVendorId' });
  }
  return vendor(params, ctx);
};
