import { verificationCodeLength } from '@plugboard/contract';
import { TextInput, type TextInputProps } from '../../../components/ui/text-input';

export type CodeFieldProps = Omit<TextInputProps, 'slotProps'> & { testId: string };

/** The 4-character mailed code: upper case as printed in the mail, offered by the browser's one-time-code fill. */
export function CodeField({ testId, ...props }: CodeFieldProps) {
  return (
    <TextInput
      {...props}
      autoComplete="one-time-code"
      slotProps={{
        htmlInput: {
          'data-testid': testId,
          maxLength: verificationCodeLength,
          autoCapitalize: 'characters',
          spellCheck: false,
          style: { textTransform: 'uppercase', letterSpacing: '0.3em' },
        },
      }}
    />
  );
}
