import type { RegisterValues } from './password-validation';

// The first step of registering, kept while the user enters the mailed code on /check. Only in memory: the
// password never reaches browser storage, and a reload of /check simply starts the registration again.
let draft: RegisterValues | null = null;

export const saveRegistrationDraft = (values: RegisterValues): void => {
  draft = values;
};

export const getRegistrationDraft = (): RegisterValues | null => draft;

export const clearRegistrationDraft = (): void => {
  draft = null;
};
