import { z } from 'zod';
import { emailSchema } from './email.ts';
import { uiLanguages } from './languages.ts';
import { hasAtMostDecimals } from './numbers.ts';

/**
 * Invoices of a site (spec sections 1, 2, 3, 5, 9): a customer (a card group, or some cards) billed for the
 * sessions of a period. Money is in the site's currency as integers of its minor unit (`currencyDigits` says how
 * many decimals a major unit has); energy in watt-hours. A draft changes nothing; issuing numbers it without gaps
 * (per site) and it never changes again; a credit note cancels an issued invoice whole.
 */
export const invoiceLimits = {
  /** Spec sections 5 and 9. */
  descriptionMax: 150,
  cardsMax: 100,
  nameMax: 100,
  addressMax: 300,
  vatNumberMax: 30,
  prefixMax: 20,
  /** A fixed fee per session, in major units. */
  feePerSessionMax: 1000,
  percentMax: 100,
} as const;

export const invoiceStatuses = ['draft', 'issued', 'sent', 'credited'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceKinds = ['invoice', 'creditNote'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];
export const serviceFeeKinds = ['none', 'perSession', 'percent'] as const;
export type ServiceFeeKind = (typeof serviceFeeKinds)[number];
export const invoiceLineKinds = ['charging', 'serviceFee'] as const;
/** The prefix a site numbers with until its operator sets another; `{YYYY}` is the year of issue, site time. */
export const defaultInvoicePrefix = 'PB-{YYYY}-';
/** Digits of the sequential part of a number: PB-2026-000123. */
export const invoiceNumberDigits = 6;

/** The msg of 16001 when the period holds no session of the customer that is still to bill. */
export const nothingToBillMessage = 'There are no sessions to invoice for this customer in this period';

const stationId = z.number({ error: 'Choose a site' }).int('Choose a site').positive('Choose a site');
const id = (what: string) =>
  z
    .number({ error: `Choose ${what}` })
    .int(`Choose ${what}`)
    .positive(`Choose ${what}`);
const isoDate = z.iso.datetime();
const text = (max: number, what: string) =>
  z.string().trim().max(max, `${what} may have at most ${max} characters`);

export const invoiceCustomerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('group'), groupId: id('a card group') }),
  z.object({
    kind: z.literal('cards'),
    cardIds: z
      .array(id('a card'))
      .min(1, 'Choose at least one card')
      .max(invoiceLimits.cardsMax, `At most ${invoiceLimits.cardsMax} cards`)
      .describe('Card ids (`id` of a card list item)'),
  }),
]);
export type InvoiceCustomer = z.infer<typeof invoiceCustomerSchema>;

/** Who is billed: written on the invoice as given (a card group has no address of its own). */
export const billToSchema = z.object({
  name: text(invoiceLimits.nameMax, 'The name').default(''),
  companyName: text(invoiceLimits.nameMax, 'The company name').default(''),
  address: text(invoiceLimits.addressMax, 'The address').default(''),
  vatNumber: text(invoiceLimits.vatNumberMax, 'The VAT number').default(''),
  email: emailSchema.or(z.literal('')).default('').describe('Where "send" mails the invoice'),
});
export type BillTo = z.infer<typeof billToSchema>;

export const serviceFeeSchema = z.object({
  kind: z.enum(serviceFeeKinds).default('none'),
  perSession: z
    .number()
    .min(0, 'The fee is at least 0')
    .max(invoiceLimits.feePerSessionMax)
    .refine((v) => hasAtMostDecimals(v, 4), { error: 'The fee may have at most 4 decimals' })
    .default(0)
    .describe("Major units per session, excl. VAT (rounded to the currency's minor unit)"),
  percent: z
    .number()
    .min(0, 'The percentage is at least 0')
    .max(invoiceLimits.percentMax, 'The percentage is at most 100')
    .refine((v) => hasAtMostDecimals(v, 2), { error: 'The percentage may have at most 2 decimals' })
    .default(0)
    .describe('Percent of the charging cost excl. VAT'),
  vatRate: z
    .number()
    .min(0)
    .max(100)
    .refine((v) => hasAtMostDecimals(v, 2), { error: 'The VAT rate may have at most 2 decimals' })
    .optional()
    .describe("The fee's VAT rate, percent; absent: the rate of the largest charging line"),
});
export type ServiceFee = z.input<typeof serviceFeeSchema>;

export const invoiceRequestSchema = z
  .object({
    stationId,
    customer: invoiceCustomerSchema,
    from: isoDate.describe("The period's first instant (the console computes it in the site's time zone)"),
    to: isoDate.describe('The instant after the period (exclusive)'),
    billTo: billToSchema.default({ name: '', companyName: '', address: '', vatNumber: '', email: '' }),
    description: text(invoiceLimits.descriptionMax, 'The description').default(''),
    fee: serviceFeeSchema.default({ kind: 'none', perSession: 0, percent: 0 }),
    language: z.enum(uiLanguages).default('en_US').describe('The language the invoice is written in'),
  })
  .refine((v) => Date.parse(v.from) < Date.parse(v.to), {
    error: 'The start of the period must be before its end',
    path: ['to'],
  });
export type InvoiceRequest = z.input<typeof invoiceRequestSchema>;

export const invoiceLineSchema = z.object({
  kind: z.enum(invoiceLineKinds),
  vatRate: z.number().describe('Percent, 2 decimals'),
  energyWh: z.number().int().describe('Charging lines; 0 for the fee'),
  sessions: z.number().int(),
  netMinor: z.number().int(),
  vatMinor: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const sellerSchema = z.object({
  companyName: z.string(),
  address: z.string(),
  vatNumber: z.string(),
  email: z.string(),
});
export type Seller = z.infer<typeof sellerSchema>;

const invoiceBody = {
  periodFrom: isoDate,
  periodTo: isoDate,
  timeZone: z.string(),
  currency: z.string(),
  currencyDigits: z.number().int(),
  language: z.enum(uiLanguages),
  customer: invoiceCustomerSchema,
  customerLabel: z.string().describe("The group's name, or the cards' IDs"),
  billTo: billToSchema,
  seller: sellerSchema.describe("The operator's account; fixed when the invoice is issued"),
  description: z.string(),
  footer: z
    .string()
    .describe("The site's invoice footer (notices, as plain text); fixed when the invoice is issued"),
  fee: serviceFeeSchema,
  lines: z.array(invoiceLineSchema),
  netMinor: z.number().int(),
  vatMinor: z.number().int(),
  grossMinor: z.number().int(),
  sessionCount: z.number().int(),
};

export const invoicePreviewSchema = z.object({
  ...invoiceBody,
  alreadyBilled: z
    .array(z.object({ number: z.string(), sessions: z.number().int() }))
    .describe('Sessions of the period left out because an issued invoice bills them'),
  unpriced: z.number().int().describe('Complete sessions left out because they have no stored cost'),
});
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(invoiceKinds),
  status: z.enum(invoiceStatuses),
  number: z.string().nullable().describe('Given at issue: prefix + sequential number'),
  creditOf: z
    .object({ id: z.number().int(), number: z.string() })
    .nullable()
    .describe('The invoice a credit note cancels'),
  creditedBy: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  createdAt: isoDate,
  issuedAt: isoDate.nullable(),
  sentAt: isoDate.nullable(),
  ...invoiceBody,
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceRefSchema = z.object({ stationId, id: id('an invoice') });
export type InvoiceRef = z.infer<typeof invoiceRefSchema>;

export const invoiceSendSchema = z.object({
  stationId,
  id: id('an invoice'),
  email: emailSchema.optional().describe('Absent: the bill-to e-mail'),
});

export const invoiceListQuerySchema = z.object({
  stationId,
  from: isoDate.optional().describe('Invoices whose period ends after this instant'),
  to: isoDate.optional().describe('... and starts before this one'),
  groupId: id('a card group').optional(),
  cardId: id('a card').optional(),
  status: z.enum(invoiceStatuses).optional(),
  pageNum: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const invoiceListSchema = z.object({
  list: z.array(invoiceSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const invoiceSettingsQuerySchema = z.object({ stationId });
export const invoiceSettingsSchema = z.object({
  prefix: z.string(),
  lastNumber: z.number().int().describe('The sequential part of the last number given; 0 before the first'),
  timeZone: z.string().describe("The site's time zone: the console's periods are its days"),
  currency: z.string(),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;
export const invoicePrefixPattern = /^[A-Za-z0-9{}/_.-]*$/;
export const invoiceSettingsUpdateSchema = z.object({
  stationId,
  prefix: z
    .string()
    .trim()
    .max(invoiceLimits.prefixMax, `The prefix may have at most ${invoiceLimits.prefixMax} characters`)
    .regex(invoicePrefixPattern, 'The prefix has letters, digits, "-", "_", ".", "/" and {YYYY} only'),
});

/** The two files of an invoice answer the file itself, outside the JSON call table (like the sessions export). */
export const invoicePdfPath = '/cms-system/system/invoice/v2/pdf';
export const invoiceXmlPath = '/cms-system/system/invoice/v2/xml';
export const invoiceFileSchema = invoiceRefSchema;
