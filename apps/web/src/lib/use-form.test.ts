import type { ChangeEvent, FormEvent } from 'react';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useForm, type FieldErrors, type Parsed } from './use-form';

const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;
const typed = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;
const ticked = (checked: boolean) => ({ target: { checked } }) as ChangeEvent<HTMLInputElement>;

type Login = { email: string; password: string };
const validateLogin = ({ email, password }: Login): FieldErrors<keyof Login> => ({
  ...(email === '' && { email: 'auth.validation.emailRequired' as const }),
  ...(password === '' && { password: 'auth.validation.passwordRequired' as const }),
});

// A feature's own rules: text as typed, a number to send, messages with values.
type Price = { amount: string; vatIncluded: boolean; bands: string[] };
type PriceMessage = { key: 'amountRequired' | 'tooManyBands'; values?: { max: number } };
function parsePrice(
  values: Price,
): Parsed<{ amount: number; bands: number }, FieldErrors<keyof Price, PriceMessage>> {
  const errors: FieldErrors<keyof Price, PriceMessage> = {};
  if (values.amount.trim() === '') errors.amount = { key: 'amountRequired' };
  if (values.bands.length > 2) errors.bands = { key: 'tooManyBands', values: { max: 2 } };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    fields: { amount: Number(values.amount.replace(',', '.')), bands: values.bands.length },
  };
}
const readPrice = ({ key, values }: PriceMessage) => (values ? `${key} ${values.max}` : key);
const priceForm = () =>
  renderHook(() =>
    useForm({ amount: '', vatIncluded: false, bands: [] as string[] }, parsePrice, { message: readPrice }),
  );

describe('useForm', () => {
  it('says nothing before a submit, then follows the typing; the handler runs only once the values are right', () => {
    const { result } = renderHook(() => useForm({ email: '', password: '' }, validateLogin));
    const handler = vi.fn();
    expect(result.current.textField('email').helperText).toBeUndefined();

    act(() => result.current.onSubmit(handler)(submitEvent()));
    expect(result.current.textField('email')).toMatchObject({
      error: true,
      helperText: 'Enter your e-mail address',
    });
    expect(handler).not.toHaveBeenCalled();

    act(() => result.current.textField('email').onChange(typed('ada@example.com')));
    act(() => result.current.textField('password').onChange(typed('secret')));
    expect(result.current.errorText('email')).toBeUndefined();
    act(() => result.current.onSubmit(handler)(submitEvent()));
    expect(handler).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' });
  });

  it('hands on what the rules parsed, and reads their messages with the form’s own words', () => {
    const { result } = priceForm();
    const handler = vi.fn();
    act(() => result.current.onSubmit(handler)(submitEvent()));
    expect(result.current.textField('amount', 'In EUR').helperText).toBe('amountRequired');

    act(() => result.current.textField('amount').onChange(typed('0,35')));
    expect(result.current.feedback('amount', 'In EUR')).toEqual({ error: false, helperText: 'In EUR' });
    act(() => result.current.onSubmit(handler)(submitEvent()));
    expect(handler).toHaveBeenCalledWith({ amount: 0.35, bands: 0 });
  });

  it('holds booleans and lists as well as text', () => {
    const { result } = priceForm();
    act(() => result.current.checkbox('vatIncluded').onChange(ticked(true)));
    expect(result.current.checkbox('vatIncluded').checked).toBe(true);

    act(() => result.current.setValue('amount', '1'));
    act(() => result.current.setValue('bands', ['night', 'day', 'peak']));
    act(() => result.current.onSubmit(vi.fn())(submitEvent()));
    expect(result.current.errorText('bands')).toBe('tooManyBands 2');
  });

  it('shows a value the server refused on its field until the field holds another value', () => {
    const { result } = priceForm();
    act(() => result.current.setValue('amount', '12'));
    act(() => result.current.onSubmit(vi.fn())(submitEvent()));
    act(() => result.current.setError('amount', { key: 'amountRequired' }));
    expect(result.current.errorText('amount')).toBe('amountRequired');

    act(() => result.current.setValue('amount', '13'));
    expect(result.current.errorText('amount')).toBeUndefined();
    act(() => result.current.setValue('amount', '12'));
    expect(result.current.errorText('amount')).toBe('amountRequired');
  });

  it('starts again from the given values, without messages, when a dialog opens anew', () => {
    const { result } = priceForm();
    act(() => result.current.onSubmit(vi.fn())(submitEvent()));
    act(() => result.current.setError('bands', { key: 'tooManyBands', values: { max: 2 } }));
    expect(result.current.errorText('amount')).toBe('amountRequired');

    act(() => result.current.reset({ amount: '5', vatIncluded: true, bands: [] }));
    expect(result.current.values).toEqual({ amount: '5', vatIncluded: true, bands: [] });
    expect(result.current.submitted).toBe(false);
    expect(result.current.errors).toEqual({});
  });

  it('needs to be told how to read messages that are not locale keys', () => {
    // Type-level: `tsc` fails here if the `message` option became optional for such messages.
    const useWithoutReader = () =>
      // @ts-expect-error -- PriceMessage is no locale key
      useForm({ amount: '', vatIncluded: false, bands: [] as string[] }, parsePrice);
    expect(useWithoutReader).toBeTypeOf('function');
  });
});
