import { z } from 'zod';

const stationId = z.number({ error: 'Choose a site' }).int('Choose a site').positive('Choose a site');

/**
 * Where a charger's copy of the site's cards stands (OCPP 1.6 Local Authorization List): 'synced' it holds the
 * site's version; 'pending' not sent yet (offline, or under way); 'failed' it answered Failed (sent again, in full,
 * on the next change or connection); 'notSupported' it has no local list; 'tooLong' the site has more cards than
 * the charger's SendLocalListMaxLength / LocalAuthListMaxLength allow.
 */
export const localListStates = ['synced', 'pending', 'failed', 'notSupported', 'tooLong'] as const;
export type LocalListState = (typeof localListStates)[number];

export const localListQuerySchema = z.object({ stationId });
export type LocalListQuery = z.infer<typeof localListQuerySchema>;

export const localListSaveSchema = z.object({
  stationId,
  enabled: z.boolean({ error: 'Say whether chargers keep the cards' }),
});
export type LocalListSave = z.infer<typeof localListSaveSchema>;

/** The site's switch, its list's version and size, and each charger's copy. */
export const localListSchema = z.object({
  enabled: z.boolean(),
  /** Raised on every change of the site's cards; 0 before the list was first made. */
  version: z.number().int(),
  /** Cards in the list (active ones Accepted, recycled ones Blocked). */
  size: z.number().int(),
  chargers: z.array(
    z.object({
      chargerId: z.number().int(),
      /** The list version the charger accepted; 0 when none. */
      version: z.number().int(),
      state: z.enum(localListStates),
      updatedAt: z.iso.datetime().nullable(),
    }),
  ),
});
export type LocalList = z.infer<typeof localListSchema>;
