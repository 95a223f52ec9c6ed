import { z } from 'zod';
import { isStrongPassword, passwordMaxLength, passwordMinLength } from './account-rules.ts';
import { emailSchema } from './email.ts';
import { languages } from './languages.ts';
import { verificationCodeSchema } from './verify-code.ts';

// Accounts: the bodies and answers of the /user/v2 calls. The server validates with these schemas and the console
// reuses them for its forms, so a rule (password strength, e-mail shape) lives here once. The rules that need no
// schema (password strength, lengths, avatar limits) are in account-rules.ts, which the console imports without zod.

export {
  avatarMaxBytes,
  avatarTypes,
  isStrongPassword,
  passwordMaxLength,
  passwordMinLength,
} from './account-rules.ts';

export const passwordSchema = z
  .string()
  .min(passwordMinLength, `At least ${passwordMinLength} characters`)
  .max(passwordMaxLength, `At most ${passwordMaxLength} characters`)
  .refine(isStrongPassword, 'Use at least two kinds among digits, letters and symbols');

/** A password as typed at login or as the current password: no strength rule, only a sane length. */
const givenPassword = z.string().min(1).max(passwordMaxLength);

export const languageSchema = z.enum(languages);

const companyName = z.string().trim().min(1).max(100);
const companyAddress = z.string().trim().min(1).max(200);
const vatNumber = z.string().trim().max(32);
const personName = z.string().trim().max(64);

/** A data URL (`data:image/png;base64,...`); its size is checked decoded, on the server. */
export const avatarSchema = z.string().max(4 * 1024 * 1024);

export const userInfo = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  companyName: z.string(),
  companyAddress: z.string(),
  vatNumber: z.string(),
  language: languageSchema,
  /** A data URL of the stored picture, or null. */
  avatar: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const authResult = z.object({ token: z.string(), user: userInfo });
export type AuthResult = z.infer<typeof authResult>;

/** Mismatched `confirmPassword` is answered 4112 by the server; forms may check it first. */
export const registerBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  confirmPassword: z.string().max(passwordMaxLength),
  code: verificationCodeSchema,
  companyName,
  companyAddress,
  vatNumber: vatNumber.optional(),
  name: personName.optional(),
  language: languageSchema.optional(),
  agreeTerms: z.literal(true),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({ email: emailSchema, password: givenPassword });
export type LoginBody = z.infer<typeof loginBody>;

/** For calls without fields; a `stationId` that the console adds to every payload is accepted and ignored. */
export const emptyBody = z.object({});
export type EmptyBody = z.infer<typeof emptyBody>;

export const userDetailBody = z.object({ stationId: z.number().int().optional() });
export type UserDetailBody = z.infer<typeof userDetailBody>;

export const updateUserBody = z.object({
  name: personName.optional(),
  companyName: companyName.optional(),
  companyAddress: companyAddress.optional(),
  vatNumber: vatNumber.optional(),
  language: languageSchema.optional(),
  /** A new picture as a data URL, or null to remove it; absent leaves it as it is. */
  avatar: avatarSchema.nullable().optional(),
  /** A change of e-mail needs `emailCode`, sent to the new address with purpose 'changeEmail'. */
  newEmail: emailSchema.optional(),
  emailCode: verificationCodeSchema.optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const changePasswordBody = z.object({
  oldPassword: givenPassword,
  newPassword: passwordSchema,
  confirmPassword: z.string().max(passwordMaxLength),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The console asks for a confirmation only; a `password`, when sent, must be the current one. */
export const deleteAccountBody = z.object({ password: givenPassword.optional() });
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const resetPasswordBody = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
  password: passwordSchema,
  confirmPassword: z.string().max(passwordMaxLength),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
