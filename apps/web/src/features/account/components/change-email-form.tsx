import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { codes, verificationCodeLength } from '@plugboard/contract';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { moveLastSiteToEmail } from '../../../lib/storage';
import { useSendEmailCode } from '../api/send-email-code';
import { useUpdateUser } from '../api/update-user';
import { startCodeCooldown, useCodeCooldown } from '../../../lib/use-code-cooldown';
import { useForm } from '../../../lib/use-form';
import { newEmailError, validateEmailCode } from '../validation';

export type ChangeEmailFormProps = { currentEmail: string };

/** A new e-mail takes effect once the code mailed to that new address comes back. */
export function ChangeEmailForm({ currentEmail }: ChangeEmailFormProps) {
  const { t } = useTranslation();
  const sendCode = useSendEmailCode();
  const update = useUpdateUser();
  // The address the code went to: the second step (code) shows once it is set.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailForm = useForm({ newEmail: '' }, ({ newEmail }) => {
    const error = newEmailError(newEmail, currentEmail);
    return error ? { newEmail: error } : {};
  });
  const codeForm = useForm({ code: '' }, validateEmailCode);
  const address = sentTo ?? emailForm.values.newEmail.trim();
  const cooldown = useCodeCooldown(address);

  const send = (email: string) =>
    sendCode.mutate(
      { email, language: currentLanguage() },
      {
        onSuccess: () => {
          startCodeCooldown(email);
          setSentTo(email);
          notify({ message: t('account.email.codeSent', { email }), severity: 'success' });
        },
        onError: (error) => {
          // Refused for the limit: wait the server's minute before the next try.
          if (error instanceof ApiError && error.code === codes.codeLimitReached) startCodeCooldown(email);
        },
      },
    );

  const sendLabel = (label: string) =>
    cooldown > 0 ? t('account.email.sendIn', { seconds: cooldown }) : label;

  const submitEmail = emailForm.onSubmit(({ newEmail }) => send(newEmail.trim()));

  const submitCode = codeForm.onSubmit(({ code }) => {
    if (!sentTo) return;
    update.mutate(
      { newEmail: sentTo, emailCode: code.trim().toUpperCase() },
      {
        onSuccess: () => {
          moveLastSiteToEmail(currentEmail, sentTo);
          setSentTo(null);
          emailForm.reset();
          codeForm.reset();
          notify({ message: t('account.email.updated'), severity: 'success' });
        },
      },
    );
  });

  const startOver = () => {
    setSentTo(null);
    codeForm.reset();
  };

  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 420 }}>
      <Typography data-testid="account-current-email">
        {t('account.email.current', { email: currentEmail })}
      </Typography>
      {sentTo === null ? (
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={submitEmail}
          data-testid="account-email-form"
        >
          <TextField
            {...emailForm.textField('newEmail')}
            type="email"
            label={t('account.email.new')}
            autoComplete="email"
            slotProps={{ htmlInput: { 'data-testid': 'account-new-email', maxLength: 254 } }}
          />
          <Button
            type="submit"
            variant="outlined"
            loading={sendCode.isPending}
            disabled={cooldown > 0}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="account-email-send"
          >
            {sendLabel(t('account.email.sendCode'))}
          </Button>
        </Stack>
      ) : (
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={submitCode}
          data-testid="account-email-code-form"
        >
          <Typography color="text.secondary" data-testid="account-email-sent-to">
            {t('account.email.sentTo', { email: sentTo })}
          </Typography>
          <TextField
            {...codeForm.textField('code')}
            label={t('account.email.code')}
            autoComplete="one-time-code"
            autoFocus
            slotProps={{
              htmlInput: {
                'data-testid': 'account-email-code',
                maxLength: verificationCodeLength,
                style: { textTransform: 'uppercase', letterSpacing: '0.3em' },
              },
            }}
          />
          <Stack direction="row" spacing={1} flexWrap="wrap">
            <Button
              type="submit"
              variant="contained"
              loading={update.isPending}
              data-testid="account-email-submit"
            >
              {t('account.email.submit')}
            </Button>
            <Button
              onClick={() => send(sentTo)}
              loading={sendCode.isPending}
              disabled={cooldown > 0}
              data-testid="account-email-resend"
            >
              {sendLabel(t('account.email.resend'))}
            </Button>
            <Button color="inherit" onClick={startOver} data-testid="account-email-cancel">
              {t('account.email.cancel')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
