import { z } from 'zod';
import type { CallDefinition } from './call-definition.ts';
import { checkCodeBody, sendCodeBody } from './verify-code.ts';

/** The verification code calls (/verify/code): mailing a code and checking it. */
export const verifyCodeCalls = {
  '/cms-system/system/verify/code/send': {
    body: sendCodeBody,
    data: z.null(),
    access: 'none',
    summary: 'E-mails a 4-character code; purpose "changeEmail" also needs the session token',
  },
  '/cms-system/system/verify/code/check': {
    body: checkCodeBody,
    data: z.null(),
    access: 'none',
    summary: 'Tells whether a code is right, without using it up',
  },
} as const satisfies Record<string, CallDefinition>;
