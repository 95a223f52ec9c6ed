import { z } from 'zod';
import type { CallDefinition } from './call-definition.ts';
import {
  invoiceListQuerySchema,
  invoiceListSchema,
  invoicePreviewSchema,
  invoiceRefSchema,
  invoiceRequestSchema,
  invoiceSchema,
  invoiceSendSchema,
  invoiceSettingsQuerySchema,
  invoiceSettingsSchema,
  invoiceSettingsUpdateSchema,
} from './invoices.ts';

/** The invoice calls (/invoice/v2); the PDF and XML files are not (invoicePdfPath, invoiceXmlPath). */
export const invoiceCalls = {
  '/cms-system/system/invoice/v2/preview': {
    body: invoiceRequestSchema,
    data: invoicePreviewSchema,
    access: 'site',
    summary:
      'The invoice a request would make, nothing stored; says which sessions other invoices already bill',
  },
  '/cms-system/system/invoice/v2/add': {
    body: invoiceRequestSchema,
    data: invoiceSchema,
    access: 'site',
    summary:
      'Stores the request as a draft; no session to bill answers 16001; a group or card of another site answers like a missing one (1039)',
  },
  '/cms-system/system/invoice/v2/issue': {
    body: invoiceRefSchema,
    data: invoiceSchema,
    access: 'site',
    summary: 'Numbers a draft (next number of the site, no gaps) and fixes it for good',
  },
  '/cms-system/system/invoice/v2/send': {
    body: invoiceSendSchema,
    data: invoiceSchema,
    access: 'site',
    summary: 'E-mails an issued invoice with its PDF and XML attached (recorded in the outbox, retried)',
  },
  '/cms-system/system/invoice/v2/credit': {
    body: invoiceRefSchema,
    data: invoiceSchema,
    access: 'site',
    summary: 'Issues a credit note cancelling an issued invoice; its sessions can be billed again',
  },
  '/cms-system/system/invoice/v2/delete': {
    body: invoiceRefSchema,
    data: z.null(),
    access: 'site',
    summary: 'Deletes a draft; an issued invoice answers 16003',
  },
  '/cms-system/system/invoice/v2/detail': {
    body: invoiceRefSchema,
    data: invoiceSchema,
    access: 'site',
    summary: 'One invoice or credit note',
  },
  '/cms-system/system/invoice/v2/list': {
    body: invoiceListQuerySchema,
    data: invoiceListSchema,
    access: 'site',
    summary: "A page of the site's invoices and credit notes, newest first, filtered",
  },
  '/cms-system/system/invoice/v2/settings/detail': {
    body: invoiceSettingsQuerySchema,
    data: invoiceSettingsSchema,
    access: 'site',
    summary: "The site's number prefix and the last number given",
  },
  '/cms-system/system/invoice/v2/settings/update': {
    body: invoiceSettingsUpdateSchema,
    data: invoiceSettingsSchema,
    access: 'site',
    summary: 'Changes the number prefix; the sequence goes on',
  },
} as const satisfies Record<string, CallDefinition>;
