import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { currentLanguage, Trans, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCheckCode } from '../api/check-code';
import { useRegister } from '../api/register';
import { useSendCode } from '../api/send-code';
import { useForm } from '../../../lib/use-form';
import { clearRegistrationDraft } from '../registration-draft';
import { validateCode, type RegisterValues } from '../password-validation';
import { AuthHeading } from './auth-heading';
import { CodeField } from './code-field';
import { ResendCodeButton } from './resend-code-button';

export type CheckCodeFormProps = { draft: RegisterValues; onRegistered: () => void };

/** Step 2 of registering: the mailed code is checked, then the account is created and the user logged in. */
export function CheckCodeForm({ draft, onRegistered }: CheckCodeFormProps) {
  const { t } = useTranslation();
  const checkCode = useCheckCode();
  const register = useRegister();
  const sendCode = useSendCode();
  const form = useForm({ code: '' }, validateCode);

  const submit = form.onSubmit(({ code }) => {
    const trimmed = code.trim().toUpperCase();
    checkCode.mutate(
      { email: draft.email, code: trimmed, purpose: 'register' },
      {
        onSuccess: () =>
          register.mutate(
            {
              email: draft.email,
              password: draft.password,
              confirmPassword: draft.confirmPassword,
              code: trimmed,
              companyName: draft.companyName.trim(),
              companyAddress: draft.companyAddress.trim(),
              vatNumber: draft.vatNumber.trim(),
              name: draft.name.trim(),
              language: currentLanguage(),
              agreeTerms: true,
            },
            {
              onSuccess: () => {
                clearRegistrationDraft();
                onRegistered();
              },
            },
          ),
      },
    );
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} data-testid="check-form">
      <AuthHeading
        title={t('auth.check.title')}
        intro={
          // The address moves to the next line whole (it may still break inside when it is wider than the line):
          // broken at its hyphen it reads as two words.
          <Trans
            i18nKey="auth.check.intro"
            values={{ email: draft.email }}
            components={{
              email: (
                <Box
                  component="span"
                  sx={{ display: 'inline-block', maxWidth: '100%', overflowWrap: 'anywhere' }}
                />
              ),
            }}
          />
        }
      />
      <CodeField {...form.textField('code')} label={t('auth.fields.code')} autoFocus testId="check-code" />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={checkCode.isPending || register.isPending}
        data-testid="check-submit"
      >
        {t('auth.check.submit')}
      </Button>
      <Stack direction="row" justifyContent="space-between" alignItems="center">
        <Link component={RouterLink} to="/register" data-testid="check-change-email">
          {t('auth.check.changeEmail')}
        </Link>
        <ResendCodeButton
          email={draft.email}
          pending={sendCode.isPending}
          onResend={() =>
            sendCode.mutate(
              { email: draft.email, purpose: 'register', language: currentLanguage() },
              {
                onSuccess: () =>
                  notify({ message: t('auth.code.sent', { email: draft.email }), severity: 'success' }),
              },
            )
          }
          testId="check-resend"
        />
      </Stack>
    </Stack>
  );
}
