import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { passwordMaxLength } from '@plugboard/contract';
import { currentLanguage, Trans, useTranslation } from '../../../lib/i18n';
import { TextInput } from '../../../components/ui/text-input';
import { useSendCode } from '../api/send-code';
import { useCodeCooldown } from '../../../lib/use-code-cooldown';
import { useForm } from '../../../lib/use-form';
import { getRegistrationDraft, saveRegistrationDraft } from '../registration-draft';
import { validateRegister, type RegisterValues } from '../password-validation';
import { AuthHeading } from './auth-heading';

export type RegisterFormProps = { onCodeSent: () => void };

const emptyForm: RegisterValues = {
  email: '',
  password: '',
  confirmPassword: '',
  companyName: '',
  companyAddress: '',
  vatNumber: '',
  name: '',
  agreeTerms: false,
};

// The limits of the contract's registerBody, so that the server never refuses a length the form let through.
const maxLength = { email: 254, companyName: 100, companyAddress: 200, vatNumber: 32, name: 64 };

const legalText = <Box component="span" sx={{ color: 'primary.main', textDecoration: 'underline' }} />;

/** Step 1 of registering: the account fields, then a code mailed to the e-mail (step 2 is /check). */
export function RegisterForm({ onCodeSent }: RegisterFormProps) {
  const { t } = useTranslation();
  const sendCode = useSendCode();
  // Back from /check, the fields are as the user left them.
  const form = useForm(getRegistrationDraft() ?? emptyForm, validateRegister);
  const cooldown = useCodeCooldown(form.values.email);

  const submit = form.onSubmit((values) => {
    const email = values.email.trim();
    sendCode.mutate(
      { email, purpose: 'register', language: currentLanguage() },
      {
        onSuccess: () => {
          saveRegistrationDraft({ ...values, email });
          onCodeSent();
        },
      },
    );
  });

  const field = (name: keyof typeof maxLength, testId: string) => ({
    ...form.textField(name),
    label: t(`auth.fields.${name}`),
    slotProps: { htmlInput: { 'data-testid': testId, maxLength: maxLength[name] } },
  });
  const passwordField = (name: 'password' | 'confirmPassword', testId: string) => ({
    ...form.textField(name),
    type: 'password',
    autoComplete: 'new-password',
    label: t(`auth.fields.${name}`),
    slotProps: { htmlInput: { 'data-testid': testId, maxLength: passwordMaxLength } },
  });
  const termsError = form.errorText('agreeTerms');

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="register-form">
      <AuthHeading title={t('auth.register.title')} intro={t('auth.register.intro')} />
      <TextInput {...field('email', 'register-email')} type="email" autoComplete="email" required autoFocus />
      <TextInput
        {...passwordField('password', 'register-password')}
        required
        helperText={form.errorText('password') ?? t('auth.hints.password')}
      />
      <TextInput {...passwordField('confirmPassword', 'register-confirm')} required />
      <TextInput {...field('companyName', 'register-company-name')} autoComplete="organization" required />
      <TextInput
        {...field('companyAddress', 'register-company-address')}
        autoComplete="street-address"
        required
      />
      <TextInput {...field('vatNumber', 'register-vat')} />
      <TextInput {...field('name', 'register-name')} autoComplete="name" />
      <FormControl error={termsError !== undefined}>
        <FormControlLabel
          control={
            <Checkbox
              checked={form.values.agreeTerms}
              onChange={(event) => form.setValue('agreeTerms', event.target.checked)}
              slotProps={{ input: { 'data-testid': 'register-terms' } as object }}
            />
          }
          label={
            <Trans i18nKey="auth.register.terms" components={{ agreement: legalText, privacy: legalText }} />
          }
        />
        {termsError && <FormHelperText data-testid="register-terms-error">{termsError}</FormHelperText>}
      </FormControl>
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={sendCode.isPending}
        disabled={cooldown > 0}
        data-testid="register-submit"
      >
        {cooldown > 0 ? t('auth.code.sendIn', { seconds: cooldown }) : t('auth.register.sendCode')}
      </Button>
      <Typography color="text.secondary" textAlign="center">
        <Trans
          i18nKey="auth.register.haveAccount"
          components={{ login: <Link component={RouterLink} to="/login" data-testid="register-login" /> }}
        />
      </Typography>
    </Stack>
  );
}
