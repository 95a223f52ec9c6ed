import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from './i18n';
import type { TranslationKey } from './i18n';

/** A form's messages: the locale key of each invalid field's message. */
export type MessageKey = TranslationKey;
/** Each invalid field's message: a locale key, or a feature's own message (read by the `message` option). */
export type FieldErrors<K extends string, M = MessageKey> = Partial<Record<K, M>>;
/** What a feature's rules may answer instead of bare errors: what to send, once nothing is wrong. */
export type Parsed<Fields, E> = { ok: true; fields: Fields } | { ok: false; errors: E };

type Values = Record<string, unknown>;
type KeyOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;
type ErrorsOf<A> = A extends { ok: false; errors: infer E } ? E : A extends { ok: true } ? never : A;
type FieldsOf<A, V> = [Extract<A, { ok: true }>] extends [never]
  ? V
  : Extract<A, { ok: true }> extends { fields: infer F }
    ? F
    : never;
type MessageOf<A> =
  ErrorsOf<A> extends infer E ? (E extends object ? NonNullable<E[keyof E]> : never) : never;
type FormOptions<A> = { message: (message: MessageOf<A>) => string };
/**
 * Locale keys read themselves. A feature's messages are objects (a key of its own and the values): only the feature
 * knows how to read them, so `message` is then required. (No message at all: rules that never complain.)
 */
type OptionsArg<A> = [MessageOf<A>] extends [never]
  ? [Partial<FormOptions<A>>?]
  : [MessageOf<A>] extends [{ key: unknown }]
    ? [FormOptions<A>]
    : [Partial<FormOptions<A>>?];
type Refusals = Partial<Record<string, { message: unknown; value: unknown }>>;

// Bare errors are never a boolean `ok`: a field's message is a key or an object.
const isParsed = (answer: object): answer is Parsed<unknown, object> =>
  typeof (answer as { ok?: unknown }).ok === 'boolean';

function settle<V, A extends object>(answer: A, values: V): Parsed<FieldsOf<A, V>, ErrorsOf<A>> {
  if (isParsed(answer)) return answer as Parsed<FieldsOf<A, V>, ErrorsOf<A>>;
  return Object.keys(answer).length === 0
    ? { ok: true, fields: values as FieldsOf<A, V> }
    : { ok: false, errors: answer as ErrorsOf<A> };
}

/**
 * A form of controlled fields. Messages appear once the user has tried to submit (and then follow the typing);
 * `onSubmit` calls its handler only when `rules` find nothing, with what they parsed (or the values), so no request
 * leaves with bad input. `rules` answer bare errors (valid when empty) or a `Parsed`, whose errors may be of any
 * shape (a tariff's rows): then the form reads them itself.
 *
 * Ours rather than react-hook-form and its zod resolver: the console's forms need no more than this, and /login,
 * which uses it, gains no dependency.
 */
export function useForm<V extends Values, A extends object>(
  initial: V,
  rules: (values: V) => A,
  ...[options]: OptionsArg<A>
) {
  type Name = keyof V & string;
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [refusals, setRefusals] = useState<Refusals>({});
  const sent = useRef<Values>(initial);
  const answer = submitted ? settle(rules(values), values) : undefined;
  // The rules' messages come first: the server's refusal of a value is only news once nothing else is wrong.
  const errors = {
    ...shown(refusals, values),
    ...(answer?.ok === false ? (answer.errors as object) : {}),
  } as FieldErrors<Name, MessageOf<A>>;
  const read = options?.message ?? ((message: MessageOf<A>) => t(message));

  const setValue = <K extends keyof V>(name: K, value: V[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  const errorText = (name: Name): string | undefined => {
    const message = errors[name];
    return message === undefined ? undefined : read(message);
  };

  /** error and helperText of a MUI field: its message, or else its hint. */
  const feedback = (name: Name, hint?: string) => ({
    error: errors[name] !== undefined,
    helperText: errorText(name) ?? hint,
  });

  /** name, value, onChange, error and helperText of a MUI TextField (a native select too). */
  const textField = (name: KeyOf<V, string>, hint?: string) => ({
    name,
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(name, event.target.value as V[typeof name]),
    ...feedback(name, hint),
  });

  /** checked and onChange of a MUI Checkbox or Switch. */
  const checkbox = (name: KeyOf<V, boolean>) => ({
    checked: values[name] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValue(name, event.target.checked as V[typeof name]),
  });

  /** The server refused the submitted value of a field: its message shows until the field holds another value. */
  const setError = (name: Name, message: MessageOf<A>) => {
    const value = sent.current[name];
    setRefusals((current) => ({ ...current, [name]: { message, value } }));
  };

  const onSubmit = (handler: (fields: FieldsOf<A, V>) => void) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = settle(rules(values), values);
    if (!result.ok) return;
    sent.current = values;
    handler(result.fields);
  };

  const reset = (next: V = initial) => {
    setValues(next);
    setSubmitted(false);
    setRefusals({});
  };

  return {
    values,
    errors,
    submitted,
    setValue,
    errorText,
    feedback,
    textField,
    checkbox,
    setError,
    onSubmit,
    reset,
  };
}

/** The server's refusals that still apply: those whose field holds the value that was refused. */
function shown(refusals: Refusals, values: Values) {
  const applying = Object.entries(refusals).filter(([name, refusal]) =>
    Object.is(values[name], refusal?.value),
  );
  return Object.fromEntries(applying.map(([name, refusal]) => [name, refusal?.message]));
}
