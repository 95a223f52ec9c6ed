import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { TextInput } from '../../../components/ui/text-input';
import { useSendCode } from '../api/send-code';
import { useCodeCooldown } from '../../../lib/use-code-cooldown';
import { useForm } from '../../../lib/use-form';
import { validateEmail } from '../validation';
import { AuthHeading } from './auth-heading';

export type ForgotPasswordFormProps = { initialEmail?: string; onCodeSent: (email: string) => void };

/** Mails a code for "forgot" to the account's e-mail; an unknown address is answered 4118 by the server. */
export function ForgotPasswordForm({ initialEmail = '', onCodeSent }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const sendCode = useSendCode();
  const form = useForm({ email: initialEmail }, validateEmail);
  const cooldown = useCodeCooldown(form.values.email);

  const submit = form.onSubmit(({ email }) => {
    const address = email.trim();
    sendCode.mutate(
      { email: address, purpose: 'forgot', language: currentLanguage() },
      { onSuccess: () => onCodeSent(address) },
    );
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} data-testid="forgot-form">
      <AuthHeading title={t('auth.forgot.title')} intro={t('auth.forgot.intro')} />
      <TextInput
        {...form.textField('email')}
        type="email"
        label={t('auth.fields.email')}
        autoComplete="email"
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'forgot-email', maxLength: 254 } }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={sendCode.isPending}
        disabled={cooldown > 0}
        data-testid="forgot-submit"
      >
        {cooldown > 0 ? t('auth.code.sendIn', { seconds: cooldown }) : t('auth.forgot.submit')}
      </Button>
      <Link component={RouterLink} to="/login" textAlign="center" data-testid="forgot-login">
        {t('auth.forgot.backToLogin')}
      </Link>
    </Stack>
  );
}
