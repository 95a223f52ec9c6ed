import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { passwordMaxLength } from '@plugboard/contract';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { TextInput } from '../../../components/ui/text-input';
import { notify } from '../../../lib/notify';
import { useResetPassword } from '../api/reset-password';
import { useSendCode } from '../api/send-code';
import { useForm } from '../../../lib/use-form';
import { validateReset } from '../password-validation';
import { emailError } from '../validation';
import { AuthHeading } from './auth-heading';
import { CodeField } from './code-field';
import { ResendCodeButton } from './resend-code-button';

export type ResetPasswordFormProps = { initialEmail?: string; onReset: (email: string) => void };

/** The code mailed for "forgot" and a new password. The e-mail is filled in when coming from /forgot-password. */
export function ResetPasswordForm({ initialEmail = '', onReset }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const resetPassword = useResetPassword();
  const sendCode = useSendCode();
  const form = useForm({ email: initialEmail, code: '', password: '', confirmPassword: '' }, validateReset);
  const email = form.values.email.trim();

  const submit = form.onSubmit((values) =>
    resetPassword.mutate(
      {
        email,
        code: values.code.trim().toUpperCase(),
        password: values.password,
        confirmPassword: values.confirmPassword,
      },
      { onSuccess: () => onReset(email) },
    ),
  );

  const resend = () =>
    sendCode.mutate(
      { email, purpose: 'forgot', language: currentLanguage() },
      { onSuccess: () => notify({ message: t('auth.code.sent', { email }), severity: 'success' }) },
    );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="reset-form">
      <AuthHeading title={t('auth.reset.title')} intro={t('auth.reset.intro')} />
      <TextInput
        {...form.textField('email')}
        type="email"
        label={t('auth.fields.email')}
        autoComplete="username"
        autoFocus={!initialEmail}
        slotProps={{ htmlInput: { 'data-testid': 'reset-email', maxLength: 254 } }}
      />
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <CodeField
          {...form.textField('code')}
          label={t('auth.fields.code')}
          autoFocus={Boolean(initialEmail)}
          sx={{ flex: 1 }}
          testId="reset-code"
        />
        <ResendCodeButton
          email={email}
          pending={sendCode.isPending}
          onResend={resend}
          disabled={emailError(email) !== undefined}
          testId="reset-resend"
        />
      </Stack>
      <TextInput
        {...form.textField('password')}
        type="password"
        label={t('auth.fields.newPassword')}
        autoComplete="new-password"
        helperText={form.errorText('password') ?? t('auth.hints.password')}
        slotProps={{ htmlInput: { 'data-testid': 'reset-password', maxLength: passwordMaxLength } }}
      />
      <TextInput
        {...form.textField('confirmPassword')}
        type="password"
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
        slotProps={{ htmlInput: { 'data-testid': 'reset-confirm', maxLength: passwordMaxLength } }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={resetPassword.isPending}
        data-testid="reset-submit"
      >
        {t('auth.reset.submit')}
      </Button>
      <Link component={RouterLink} to="/login" textAlign="center" data-testid="reset-login">
        {t('auth.forgot.backToLogin')}
      </Link>
    </Stack>
  );
}
