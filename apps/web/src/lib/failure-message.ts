import { errorMessages } from '@plugboard/contract';
import { i18n, translateErrorCode } from './i18n';

/**
 * The server's own msg for the cases the console words itself: translated, where the catalogue's text would hide it.
 * The texts are the contract's productCodeTakenMessage, sessionMissingMessage, closeOnlineMessage and
 * stopRejectedMessage, written out: importing them would bring the contract's charger and session schemas into
 * /login (failure-message.test.ts checks they match).
 */
export const preciseMessages: Record<
  string,
  | 'errors.precise.productCodeTaken'
  | 'errors.precise.sessionMissing'
  | 'errors.precise.closeOnline'
  | 'errors.precise.stopRejected'
> = {
  'This product code is already registered': 'errors.precise.productCodeTaken',
  'The session does not exist': 'errors.precise.sessionMissing',
  'The charger is online: stop the session instead': 'errors.precise.closeOnline',
  'The charger does not know this session: it refused to stop it': 'errors.precise.stopRejected',
};

/**
 * What the user reads for a failed call: the catalogue's message in their language, and what the server said more
 * precisely when it said more (spec section 8): "This product code is already registered" rather than "Please enter
 * correct information". Known precise messages are translated; any other keeps the server's words after the
 * translated catalogue text.
 */
export function failureMessage(code: number, msg: string): string {
  const generic = translateErrorCode(code);
  if (generic === null) return msg || i18n.t('errors.generic');
  const catalogue = (errorMessages as Record<number, string | undefined>)[code];
  if (!msg || msg === catalogue) return generic;
  const precise = preciseMessages[msg];
  if (precise) return i18n.t(precise);
  const detail = catalogue && msg.startsWith(`${catalogue}: `) ? msg.slice(catalogue.length + 2) : msg;
  return `${generic}: ${detail}`;
}
