import { avatarMaxBytes, avatarTypes, isStrongPassword, verificationCodeLength } from '@plugboard/contract';

// The rules of spec section 5 for the account screen, checked before any call. Each returns a locale key or undefined.

import type { FieldErrors, MessageKey } from '../../lib/use-form';

export type { FieldErrors, MessageKey };

// The pattern of the contract's emailSchema (zod's default): the server must not refuse what the form accepted.
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const codePattern = new RegExp(`^[0-9A-Za-z]{${verificationCodeLength}}$`);

function collect<K extends string>(errors: Record<K, MessageKey | undefined>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(errors).filter(([, key]) => key !== undefined)) as FieldErrors<K>;
}

export type ProfileValues = { name: string; companyName: string; companyAddress: string; vatNumber: string };

export const validateProfile = (values: ProfileValues) =>
  collect({
    companyName: values.companyName.trim() ? undefined : 'account.validation.companyNameRequired',
    companyAddress: values.companyAddress.trim() ? undefined : 'account.validation.companyAddressRequired',
  });

export function newEmailError(email: string, currentEmail: string): MessageKey | undefined {
  const value = email.trim();
  if (!value) return 'account.validation.emailRequired';
  if (!emailPattern.test(value)) return 'account.validation.emailInvalid';
  return value.toLowerCase() === currentEmail.toLowerCase() ? 'account.validation.sameEmail' : undefined;
}

export const validateEmailCode = ({ code }: { code: string }) =>
  collect({ code: codePattern.test(code.trim()) ? undefined : 'account.validation.codeLength' });

export type PasswordValues = { oldPassword: string; newPassword: string; confirmPassword: string };

export const validatePassword = ({ oldPassword, newPassword, confirmPassword }: PasswordValues) =>
  collect({
    oldPassword: oldPassword ? undefined : 'account.validation.currentPasswordRequired',
    newPassword: !newPassword
      ? 'account.validation.passwordRequired'
      : isStrongPassword(newPassword)
        ? undefined
        : 'account.validation.passwordWeak',
    confirmPassword: !confirmPassword
      ? 'account.validation.confirmRequired'
      : confirmPassword === newPassword
        ? undefined
        : 'errors.4112',
  });

/** A picture the server will take: PNG, JPEG or WebP of at most 2 MB. */
export function avatarError(file: Pick<File, 'type' | 'size'>): MessageKey | undefined {
  if (!(avatarTypes as readonly string[]).includes(file.type)) return 'account.avatar.wrongType';
  return file.size > avatarMaxBytes ? 'account.avatar.tooLarge' : undefined;
}
