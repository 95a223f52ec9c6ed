import { useMutation } from '@tanstack/react-query';
import type { SendCodeBody } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const sendEmailCodePath = '/cms-system/system/verify/code/send';

export type SendEmailCodeBody = Omit<SendCodeBody, 'purpose'>;

/** Mails a "changeEmail" code to the new address; the call carries the session, whose account alone may use it. */
export const sendEmailCode = (body: SendEmailCodeBody): Promise<null> =>
  apiPost(sendEmailCodePath, { ...body, purpose: 'changeEmail' } satisfies SendCodeBody, {
    noSite: true,
  });

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}
