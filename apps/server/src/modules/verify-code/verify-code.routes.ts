import type { CallHandlers, CallPath } from '../../lib/calls.ts';
import { sessionToken } from '../../lib/calls.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { VerifyCodeService } from './verify-code.service.ts';

type VerifyCodePath = Extract<CallPath, `/cms-system/system/verify/${string}`>;

export function verifyCodeRoutes(codes: VerifyCodeService, auth: AuthService): CallHandlers<VerifyCodePath> {
  return {
    '/cms-system/system/verify/code/send': async ({ body, request }) => {
      // The call is public, but a change of e-mail needs a live session: resolved here so that an expired one
      // answers 5008 and a missing one 5003, like any account call.
      const session = body.purpose === 'changeEmail' ? await auth.resolve(sessionToken(request)) : null;
      await codes.send({ ...body, clientIp: request.ip, session });
      return null;
    },
    '/cms-system/system/verify/code/check': async ({ body, session }) => {
      await codes.check({ ...body, userId: session?.userId });
      return null;
    },
  };
}
