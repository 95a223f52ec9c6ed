import { cardLimits, multiplierField } from '@plugboard/contract';

/** What the group dialog holds, as typed: "80", "87,5". */
export type GroupFormValues = { name: string; multiplier: string };
export type GroupFormField = keyof GroupFormValues;

/** A message of `cardGroups.validation.*` and its values; `nameTaken` is the server's (another group has it). */
export type GroupFormMessage = {
  key:
    | 'nameRequired'
    | 'nameTooLong'
    | 'nameTaken'
    | 'multiplierRequired'
    | 'multiplierRange'
    | 'multiplierDecimals';
  values?: Record<string, number>;
};
export type GroupFormErrors = Partial<Record<GroupFormField, GroupFormMessage>>;

export type GroupFormResult =
  { ok: true; fields: { name: string; multiplier: number } } | { ok: false; errors: GroupFormErrors };

export const emptyGroupForm = (): GroupFormValues => ({ name: '', multiplier: '' });

/** The typed multiplier as a number (a decimal comma is accepted); null when it is no number at all. */
export function readMultiplier(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^-?\d*\.?\d*$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** The contract's multiplier rule (0 to 100, 2 decimals), told in the operator's words. */
function multiplierMessage(text: string): GroupFormMessage | undefined {
  const value = readMultiplier(text);
  if (value === null) return { key: 'multiplierRequired' };
  const parsed = multiplierField.safeParse(value);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  if (issue?.code === 'too_small' || issue?.code === 'too_big') {
    return {
      key: 'multiplierRange',
      values: { min: cardLimits.multiplierMin, max: cardLimits.multiplierMax },
    };
  }
  return { key: 'multiplierDecimals', values: { decimals: cardLimits.multiplierDecimals } };
}

export function parseGroupForm(values: GroupFormValues): GroupFormResult {
  const errors: GroupFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = { key: 'nameRequired' };
  else if (name.length > cardLimits.groupNameMax) {
    errors.name = { key: 'nameTooLong', values: { max: cardLimits.groupNameMax } };
  }
  const multiplierError = multiplierMessage(values.multiplier);
  if (multiplierError) errors.multiplier = multiplierError;
  const multiplier = readMultiplier(values.multiplier);
  if (Object.keys(errors).length > 0 || multiplier === null) return { ok: false, errors };
  return { ok: true, fields: { name, multiplier } };
}
