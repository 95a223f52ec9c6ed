import type { CallHandlers, CallPath } from '../../lib/calls.ts';
import type { InvoiceSendService } from './invoice-send.service.ts';
import type { InvoicesService } from './invoices.service.ts';

type InvoicePath = Extract<CallPath, `/cms-system/system/invoice/${string}`>;

/**
 * The console's invoice calls. Ownership of `stationId` is checked before a handler runs (lib/calls.ts); every
 * service call names the site, so another site's invoice answers like a missing one.
 */
export function invoicesRoutes({
  invoices,
  sender,
}: {
  invoices: InvoicesService;
  sender: InvoiceSendService;
}): CallHandlers<InvoicePath> {
  return {
    '/cms-system/system/invoice/v2/preview': ({
      session,
      stationId,
      body: { stationId: _site, ...request },
    }) => invoices.preview(session, stationId, request),
    '/cms-system/system/invoice/v2/add': ({ session, stationId, body: { stationId: _site, ...request } }) =>
      invoices.add(session, stationId, request),
    '/cms-system/system/invoice/v2/issue': ({ session, stationId, body }) =>
      invoices.issue(session, stationId, body.id),
    '/cms-system/system/invoice/v2/send': ({ stationId, body }) =>
      sender.send(stationId, body.id, body.email),
    '/cms-system/system/invoice/v2/credit': ({ stationId, body }) => invoices.credit(stationId, body.id),
    '/cms-system/system/invoice/v2/delete': async ({ stationId, body }) => {
      await invoices.remove(stationId, body.id);
      return null;
    },
    '/cms-system/system/invoice/v2/detail': ({ stationId, body }) => invoices.detail(stationId, body.id),
    '/cms-system/system/invoice/v2/list': ({ stationId, body: { stationId: _site, ...query } }) =>
      invoices.list(stationId, query),
    '/cms-system/system/invoice/v2/settings/detail': ({ session, stationId }) =>
      invoices.settings(session, stationId),
    '/cms-system/system/invoice/v2/settings/update': ({ session, stationId, body }) =>
      invoices.setPrefix(session, stationId, body.prefix),
  };
}
