import type { SendCodeBody } from '@plugboard/contract';
import { ApiError, apiPost } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-submit';
import { startCodeCooldown } from '../../../lib/use-code-cooldown';

export const sendCodePath = '/cms-system/system/verify/code/send';

export const sendCode = (body: SendCodeBody): Promise<null> => apiPost(sendCodePath, body, { noSite: true });

/** The code-limit answer: one code a minute and five an hour per e-mail. */
const codeLimitReached = 4105;

/**
 * Mails a verification code ("register" or "forgot"). The resend button then waits a minute, the server's gap
 * between two codes to one address; after a refusal for the limit too, so that the user does not hammer it.
 */
export function useSendCode() {
  return useSubmit({
    mutationFn: sendCode,
    onSuccess: (_data, { email }) => startCodeCooldown(email),
    onError: (error, { email }) => {
      if (error instanceof ApiError && error.code === codeLimitReached) startCodeCooldown(email);
    },
  });
}
