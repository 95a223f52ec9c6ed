import { cardIdField, cardLimits, emailSchema, type CardAdd } from '@plugboard/contract';

/** What the add/edit dialog holds, as typed; the group is the select's value (a group id, or '' before groups load). */
export type CardFormValues = {
  cardId: string;
  holder: string;
  groupId: string;
  email: string;
  subscribeReport: boolean;
};
export type CardFormField = keyof CardFormValues;

/** A message of `cards.validation.*` and its values. */
export type CardFormMessage = {
  key:
    | 'cardIdRequired'
    | 'cardIdTooLong'
    | 'cardIdFormat'
    | 'cardIdTaken'
    | 'holderTooLong'
    | 'groupRequired'
    | 'emailInvalid'
    | 'reportNeedsEmail';
  values?: Record<string, number>;
};
export type CardFormErrors = Partial<Record<CardFormField, CardFormMessage>>;

export type CardFields = Omit<Required<CardAdd>, 'stationId'>;
export type CardFormResult = { ok: true; fields: CardFields } | { ok: false; errors: CardFormErrors };

export const emptyCardForm = (groupId = ''): CardFormValues => ({
  cardId: '',
  holder: '',
  groupId,
  email: '',
  subscribeReport: false,
});

/** The contract's card ID rule, told in the operator's words. */
function cardIdMessage(cardId: string): CardFormMessage | undefined {
  const parsed = cardIdField.safeParse(cardId);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  if (issue?.code === 'too_small') return { key: 'cardIdRequired' };
  if (issue?.code === 'too_big') return { key: 'cardIdTooLong', values: { max: cardLimits.cardIdMax } };
  return { key: 'cardIdFormat' };
}

/** The select's value names a group ('' before one is chosen): the card form and moving cards to a group. */
export function groupChoiceError(groupId: string): CardFormMessage | undefined {
  const id = Number(groupId);
  return Number.isSafeInteger(id) && id > 0 ? undefined : { key: 'groupRequired' };
}

/** Checks what the server would refuse (except a taken card ID, 11001), so nothing wrong leaves the form. */
export function parseCardForm(values: CardFormValues): CardFormResult {
  const errors: CardFormErrors = {};
  const cardId = values.cardId.trim();
  const holder = values.holder.trim();
  const email = values.email.trim();
  const groupId = Number(values.groupId);

  const cardIdError = cardIdMessage(cardId);
  if (cardIdError) errors.cardId = cardIdError;
  if (holder.length > cardLimits.holderMax) {
    errors.holder = { key: 'holderTooLong', values: { max: cardLimits.holderMax } };
  }
  const groupError = groupChoiceError(values.groupId);
  if (groupError) errors.groupId = groupError;
  if (email !== '' && !emailSchema.safeParse(email).success) errors.email = { key: 'emailInvalid' };
  else if (values.subscribeReport && email === '') errors.email = { key: 'reportNeedsEmail' };
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  return { ok: true, fields: { cardId, holder, groupId, email, subscribeReport: values.subscribeReport } };
}
