import { z } from 'zod';
import { emailSchema } from './email.ts';
import { languages } from './languages.ts';

// Verification codes sent by e-mail: for registering, for a forgotten password, and for a change of e-mail.

export const codePurposes = ['register', 'forgot', 'changeEmail'] as const;
export type CodePurpose = (typeof codePurposes)[number];

export const verificationCodeLength = 4;
/** How long a code stays valid, and how long five wrong codes lock an e-mail (spec section 9). */
export const verificationCodeTtlMinutes = 10;
/** The console may show a countdown: the server refuses another code for the same e-mail sooner (4105). */
export const verificationResendSeconds = 60;

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
