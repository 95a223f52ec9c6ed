import {
  cardIdPattern,
  cardLimits,
  emailSchema,
  type CardImportResult,
  type CardStatus,
} from '@plugboard/contract';
import type { NewCard } from './cards.repository.ts';

export type ImportRow = {
  cardId: string;
  holder: string;
  group: string;
  email: string;
  subscribeReport: boolean;
};
export type ImportError = CardImportResult['errors'][number];

export type ImportContext = {
  /** The site's groups by lower-case name. */
  groupIds: Map<string, number>;
  defaultGroupId: number;
  /** Card IDs (lower case) the site already has. */
  existing: Map<string, CardStatus>;
};

/**
 * Checks every row of an import, all of them, so that one answer names every problem of the file: at most one
 * reason per field of a row. A card ID repeated in the file is reported on its later rows; the first one stands.
 * Returns the cards to insert, meaningful only when there are no errors.
 */
export function checkImportRows(
  rows: ImportRow[],
  context: ImportContext,
): { errors: ImportError[]; cards: NewCard[] } {
  const errors: ImportError[] = [];
  const cards: NewCard[] = [];
  const seen = new Set<string>();
  rows.forEach((raw, index) => {
    const row = index + 1;
    const fail = (field: ImportError['field'], reason: string) => errors.push({ row, field, reason });

    const cardId = raw.cardId.trim();
    const key = cardId.toLowerCase();
    const cardIdReason =
      cardId === ''
        ? 'required'
        : cardId.length > cardLimits.cardIdMax
          ? 'tooLong'
          : !cardIdPattern.test(cardId)
            ? 'format'
            : seen.has(key)
              ? 'duplicateInFile'
              : context.existing.has(key)
                ? 'exists'
                : null;
    if (cardIdReason) fail('cardId', cardIdReason);
    seen.add(key);

    const holder = raw.holder.trim();
    if (holder.length > cardLimits.holderMax) fail('holder', 'tooLong');

    const groupName = raw.group.trim();
    const groupId = groupName === '' ? context.defaultGroupId : context.groupIds.get(groupName.toLowerCase());
    if (groupId === undefined) fail('group', 'unknownGroup');

    const email = raw.email.trim();
    if (email.length > 254) fail('email', 'tooLong');
    else if (email !== '' && !emailSchema.safeParse(email).success) fail('email', 'format');
    else if (email === '' && raw.subscribeReport) fail('email', 'emailNeeded');

    cards.push({
      card_id: cardId,
      holder,
      group_id: groupId ?? context.defaultGroupId,
      email,
      subscribe_report: raw.subscribeReport,
    });
  });
  return { errors, cards };
}
