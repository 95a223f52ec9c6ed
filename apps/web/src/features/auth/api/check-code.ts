import type { CheckCodeBody } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-submit';

export const checkCodePath = '/cms-system/system/verify/code/check';

/** Tells whether a code is right without using it up: the register call redeems it afterwards. */
export const checkCode = (body: CheckCodeBody): Promise<null> =>
  apiPost(checkCodePath, body, { noSite: true });

export function useCheckCode() {
  return useSubmit({ mutationFn: checkCode });
}
