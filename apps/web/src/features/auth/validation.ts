// The rules of spec section 5, checked before any call. Each returns the locale key of its message, or undefined.
// This file takes nothing at run time from the contract: /login uses it, and the contract's schemas bring zod.

import type { FieldErrors, MessageKey } from '../../lib/use-form';

export type { FieldErrors, MessageKey };

// The pattern of the contract's emailSchema (zod's default): the server must not refuse what the form accepted.
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function emailError(email: string): MessageKey | undefined {
  const value = email.trim();
  if (!value) return 'auth.validation.emailRequired';
  return emailPattern.test(value) ? undefined : 'auth.validation.emailInvalid';
}

/** Drops the fields without a message, so that an empty object means "valid". */
export function collect<K extends string>(errors: Record<K, MessageKey | undefined>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(errors).filter(([, key]) => key !== undefined)) as FieldErrors<K>;
}

export type LoginValues = { email: string; password: string };

export const validateLogin = ({ email, password }: LoginValues) =>
  collect({ email: emailError(email), password: password ? undefined : 'auth.validation.passwordRequired' });

export const validateEmail = ({ email }: { email: string }) => collect({ email: emailError(email) });
