// The verification-code rules that need no schema: the console's forms import them without bringing zod along (a
// module that defines schemas calls zod at its top level, which a bundler keeps). verify-code.ts builds on them.

export const codePurposes = ['register', 'forgot', 'changeEmail'] as const;
export type CodePurpose = (typeof codePurposes)[number];

export const verificationCodeLength = 4;
/** How long a code stays valid, and how long five wrong codes lock an e-mail (spec section 9). */
export const verificationCodeTtlMinutes = 10;
/** The console may show a countdown: the server refuses another code for the same e-mail sooner (4105). */
export const verificationResendSeconds = 60;
