import { z } from 'zod';
import { emailSchema } from './email.ts';
import { hasAtMostDecimals } from './numbers.ts';

/**
 * RFID cards and card groups of a site (spec sections 3, 4, 5, 9). A card's `cardId` is the OCPP idTag the charger
 * presents; a group's multiplier is the percentage of the tariff its cards pay (80 = "20 % off").
 */
export const cardLimits = {
  /** The form's hint (spec section 9); the server accepts what an OCPP 1.6 idTag holds (CiString20). */
  cardIdHint: 8,
  cardIdMax: 20,
  holderMax: 100,
  groupNameMax: 50,
  multiplierMin: 0,
  multiplierMax: 100,
  multiplierDecimals: 2,
  /** Rows one CSV import may carry. */
  importMaxRows: 10_000,
  keywordMax: 48,
} as const;

/** The msg of 1039 when a group still has cards and the delete names no group to move them to. */
export const groupHasCardsMessage = 'Choose the group that receives the cards of this group';
/** The msg of 1039 when deleting the default group. */
export const defaultGroupUndeletableMessage = 'The default group cannot be deleted';

export const cardStatuses = ['active', 'recycled'] as const;
export type CardStatus = (typeof cardStatuses)[number];

/** Letters, digits and the few signs idTags use in practice; no spaces (the charger compares bytes). */
export const cardIdPattern = /^[A-Za-z0-9._:-]{1,20}$/;

const stationId = z.number({ error: 'Choose a site' }).int('Choose a site').positive('Choose a site');
const id = (what: string) =>
  z
    .number({ error: `Choose a ${what}` })
    .int(`Choose a ${what}`)
    .positive(`Choose a ${what}`);
const ids = z
  .array(id('card'))
  .min(1, 'Choose at least one card')
  .max(cardLimits.importMaxRows)
  .describe('Card ids (`id` of a list item)');

export const cardIdField = z
  .string({ error: 'Enter the card ID' })
  .trim()
  .min(1, 'Enter the card ID')
  .max(cardLimits.cardIdMax, `The card ID may have at most ${cardLimits.cardIdMax} characters`)
  .regex(cardIdPattern, 'The card ID has letters, digits, ".", "_", ":" or "-" only')
  .describe('The OCPP idTag; unique in the site, case-insensitively (11001)');
const holder = z
  .string()
  .trim()
  .max(cardLimits.holderMax, `The holder may have at most ${cardLimits.holderMax} characters`);
const cardEmail = emailSchema.or(z.literal('')).describe('Empty when not given');
export const multiplierField = z
  .number({ error: 'Enter the tariff rate multiplier' })
  .min(cardLimits.multiplierMin, 'The multiplier is at least 0')
  .max(cardLimits.multiplierMax, 'The multiplier is at most 100')
  .refine((v) => hasAtMostDecimals(v, cardLimits.multiplierDecimals), {
    error: 'The multiplier may have at most 2 decimals',
  })
  .describe('Percent of the tariff the cards of this group pay: 80 = 20 % off');
const groupName = z
  .string({ error: 'Enter the group name' })
  .trim()
  .min(1, 'Enter the group name')
  .max(cardLimits.groupNameMax, `The group name may have at most ${cardLimits.groupNameMax} characters`);

export const cardSchema = z.object({
  id: z.number().int(),
  cardId: z.string(),
  holder: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  email: z.string(),
  subscribeReport: z.boolean(),
  status: z.enum(cardStatuses),
  createdAt: z.iso.datetime(),
  recycledAt: z.iso.datetime().nullable(),
});
export type Card = z.infer<typeof cardSchema>;

export const cardListQuerySchema = z.object({
  stationId,
  keyword: z
    .string()
    .trim()
    .max(cardLimits.keywordMax)
    .optional()
    .describe('Part of the card ID, holder or e-mail, case-insensitive'),
  groupId: id('group').optional(),
  status: z.enum(cardStatuses).default('active').describe('Recycled cards are listed apart'),
  pageNum: z.number().int().min(1, 'pageNum starts at 1').default(1),
  pageSize: z.number().int().min(1).max(100, 'pageSize is at most 100').default(10),
});
export type CardListQuery = z.input<typeof cardListQuerySchema>;

export const cardListSchema = z.object({
  list: z.array(cardSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type CardList = z.infer<typeof cardListSchema>;

export const cardAddSchema = z.object({
  stationId,
  cardId: cardIdField,
  holder: holder.default(''),
  groupId: id('group').optional().describe("Absent: the site's default group"),
  email: cardEmail.default(''),
  subscribeReport: z.boolean().default(false).describe('E-mail a report after each completed session'),
});
export type CardAdd = z.input<typeof cardAddSchema>;

/** Changes the fields given. A subscription needs an e-mail (4129). */
export const cardUpdateSchema = z.object({
  stationId,
  id: id('card'),
  cardId: cardIdField.optional(),
  holder: holder.optional(),
  groupId: id('group').optional(),
  email: cardEmail.optional(),
  subscribeReport: z.boolean().optional(),
});
export type CardUpdate = z.input<typeof cardUpdateSchema>;

export const cardIdsSchema = z.object({ stationId, ids });
export type CardIds = z.infer<typeof cardIdsSchema>;

export const cardChangeGroupSchema = z.object({ stationId, ids, groupId: id('group') });
export type CardChangeGroup = z.infer<typeof cardChangeGroupSchema>;

/** One CSV row as the console parsed it; `group` is a group name (absent or empty: the default group). */
export const cardImportRowSchema = z.object({
  cardId: z.string(),
  holder: z.string().default(''),
  group: z.string().default(''),
  email: z.string().default(''),
  subscribeReport: z.boolean().default(false),
});
export type CardImportRow = z.input<typeof cardImportRowSchema>;

/**
 * Imports rows all or nothing. With `dryRun` the server only checks them (the preview); without, it checks again
 * and imports every row, or none when any row is wrong.
 */
export const cardImportSchema = z.object({
  stationId,
  dryRun: z.boolean().default(false),
  rows: z
    .array(cardImportRowSchema)
    .min(1, 'The file has no cards')
    .max(cardLimits.importMaxRows, `At most ${cardLimits.importMaxRows} cards per file`),
});
export type CardImport = z.input<typeof cardImportSchema>;

export const cardImportResultSchema = z.object({
  total: z.number().int(),
  imported: z.number().int().describe('0 on a dry run or when any row is wrong'),
  errors: z.array(
    z.object({
      /** 1-based index into `rows` (the console adds the header line when it shows the file's line). */
      row: z.number().int(),
      field: z.enum(['cardId', 'holder', 'group', 'email', 'subscribeReport']),
      /** A message key: 'required', 'tooLong', 'format', 'duplicateInFile', 'exists', 'unknownGroup', 'emailNeeded'. */
      reason: z.string(),
    }),
  ),
});
export type CardImportResult = z.infer<typeof cardImportResultSchema>;

export const cardExportQuerySchema = cardListQuerySchema.omit({ pageNum: true, pageSize: true });
export const cardExportSchema = z.object({ list: z.array(cardSchema) });

export const cardGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isDefault: z.boolean(),
  multiplier: z.number().describe('Percent, 2 decimals'),
  cardCount: z.number().int().describe('Active cards in the group'),
});
export type CardGroup = z.infer<typeof cardGroupSchema>;

export const cardGroupListQuerySchema = z.object({ stationId });
export const cardGroupListSchema = z.object({ list: z.array(cardGroupSchema) });
export type CardGroupList = z.infer<typeof cardGroupListSchema>;

export const cardGroupAddSchema = z.object({ stationId, name: groupName, multiplier: multiplierField });
export type CardGroupAdd = z.infer<typeof cardGroupAddSchema>;

/** Changes the fields given; `isDefault: true` makes this the site's default group (the old one stops being it). */
export const cardGroupUpdateSchema = z.object({
  stationId,
  id: id('group'),
  name: groupName.optional(),
  multiplier: multiplierField.optional(),
  isDefault: z.literal(true).optional(),
});
export type CardGroupUpdate = z.infer<typeof cardGroupUpdateSchema>;

export const cardGroupDeleteSchema = z.object({
  stationId,
  id: id('group'),
  moveCardsTo: id('group').optional().describe('Needed when the group has cards (else 1039)'),
});
export type CardGroupDelete = z.infer<typeof cardGroupDeleteSchema>;

/** The msg of 1039 when another group of the site has the same name (case-insensitive). */
export const groupNameTakenMessage = 'A group with this name already exists';

/** The msg of 11001 when the card ID belongs to a recycled card of the site (restore that one instead). */
export const cardIdRecycledMessage = 'The card ID already exists among the recycled cards: restore that card';
/** The msg of 1039 when a card id (or one of a selection) is no card of the site. */
export const cardMissingMessage = 'The card does not exist';
/** The msg of 1039 when a group id is no group of the site. */
export const groupMissingMessage = 'The group does not exist';
/** The msg of 4129 when a card subscribes to the charging report without an e-mail. */
export const reportNeedsEmailMessage = 'Enter an e-mail address to receive the charging report';
