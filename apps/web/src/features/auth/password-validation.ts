import { isStrongPassword, verificationCodeLength } from '@plugboard/contract';
import { collect, emailError, type MessageKey } from './validation';

// The rules for choosing a password and entering a mailed code (register, check, reset), from the contract.

const codePattern = new RegExp(`^[0-9A-Za-z]{${verificationCodeLength}}$`);

/** A password being chosen: 8+ characters with two kinds among digits, letters and symbols. */
export function newPasswordError(password: string): MessageKey | undefined {
  if (!password) return 'auth.validation.passwordRequired';
  return isStrongPassword(password) ? undefined : 'auth.validation.passwordWeak';
}

/** "Passwords do not match" in the catalogue's own words (4112, the server's answer to the same mistake). */
export function confirmationError(password: string, confirmation: string): MessageKey | undefined {
  if (!confirmation) return 'auth.validation.confirmRequired';
  return confirmation === password ? undefined : 'errors.4112';
}

export const codeError = (code: string): MessageKey | undefined =>
  codePattern.test(code.trim()) ? undefined : 'auth.validation.codeLength';

export type RegisterValues = {
  email: string;
  password: string;
  confirmPassword: string;
  companyName: string;
  companyAddress: string;
  vatNumber: string;
  name: string;
  agreeTerms: boolean;
};

export const validateRegister = (values: RegisterValues) =>
  collect({
    email: emailError(values.email),
    password: newPasswordError(values.password),
    confirmPassword: confirmationError(values.password, values.confirmPassword),
    companyName: values.companyName.trim() ? undefined : 'auth.validation.companyNameRequired',
    companyAddress: values.companyAddress.trim() ? undefined : 'auth.validation.companyAddressRequired',
    agreeTerms: values.agreeTerms ? undefined : 'auth.validation.termsRequired',
  });

export const validateCode = ({ code }: { code: string }) => collect({ code: codeError(code) });

export type ResetValues = { email: string; code: string; password: string; confirmPassword: string };

export const validateReset = (values: ResetValues) =>
  collect({
    email: emailError(values.email),
    code: codeError(values.code),
    password: newPasswordError(values.password),
    confirmPassword: confirmationError(values.password, values.confirmPassword),
  });
