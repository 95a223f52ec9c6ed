import { z } from 'zod';
import { emailSchema } from './email.ts';
import { languages } from './languages.ts';
import { codePurposes } from './verify-code-rules.ts';

// Verification codes sent by e-mail: for registering, for a forgotten password, and for a change of e-mail. The
// lengths and delays are in verify-code-rules.ts, which the console imports without zod.

export {
  codePurposes,
  verificationCodeLength,
  verificationCodeTtlMinutes,
  verificationResendSeconds,
  type CodePurpose,
} from './verify-code-rules.ts';

/** Letters and digits; typed in lower case it is accepted and upper-cased. */
export const verificationCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z]{4}$/, 'The verification code has 4 letters or digits');

/** 'changeEmail' needs the session token header and sends the code to the new address. */
export const sendCodeBody = z.object({
  email: emailSchema,
  purpose: z.enum(codePurposes),
  /** The language of the mail; by default the account's, else en_US. */
  language: z.enum(languages).optional(),
});
export type SendCodeBody = z.infer<typeof sendCodeBody>;

/** Checks a code without using it up (the /check screen before the final register call). */
export const checkCodeBody = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
  purpose: z.enum(codePurposes),
});
export type CheckCodeBody = z.infer<typeof checkCodeBody>;
