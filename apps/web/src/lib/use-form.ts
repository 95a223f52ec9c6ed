import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from './i18n';
import type { TranslationKey } from './i18n';

/** A form's messages: the locale key of each invalid field's message. */
export type MessageKey = TranslationKey;
export type FieldErrors<K extends string> = Partial<Record<K, MessageKey>>;

type Values = Record<string, string | boolean>;
type TextKey<V extends Values> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * A form of plain controlled fields. Messages appear once the user has tried to submit (and then follow the
 * typing); `onSubmit` calls its handler only when `validate` finds nothing, so no request leaves with bad input.
 */
export function useForm<V extends Values>(
  initial: V,
  validate: (values: V) => FieldErrors<keyof V & string>,
) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors: FieldErrors<keyof V & string> = submitted ? validate(values) : {};

  const setValue = <K extends keyof V>(name: K, value: V[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  const errorText = (name: keyof V & string): string | undefined => {
    const key = errors[name];
    return key ? t(key) : undefined;
  };

  /** value, onChange, error and helperText of a MUI TextField. */
  const textField = (name: TextKey<V>) => ({
    name,
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(name, event.target.value as V[typeof name]),
    error: errors[name] !== undefined,
    helperText: errorText(name),
  });

  const onSubmit = (handler: (values: V) => void) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validate(values)).length === 0) handler(values);
  };

  const reset = (next: V = initial) => {
    setValues(next);
    setSubmitted(false);
  };

  return { values, errors, setValue, errorText, textField, onSubmit, reset };
}
