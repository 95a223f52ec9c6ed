import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { passwordMaxLength } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useChangePassword } from '../api/change-password';
import { useForm } from '../../../lib/use-form';
import { validatePassword, type PasswordValues } from '../validation';

const empty: PasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** A wrong current password is answered 4129 (shown by the api-client); the fields then stay as typed. */
export type ChangePasswordFormProps = { email: string };

export function ChangePasswordForm({ email }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const form = useForm(empty, validatePassword);

  const submit = form.onSubmit((values) =>
    changePassword.mutate(values, {
      onSuccess: () => {
        form.reset();
        notify({ message: t('account.password.updated'), severity: 'success' });
      },
    }),
  );

  const field = (name: keyof PasswordValues, testId: string, autoComplete: string) => ({
    ...form.textField(name),
    type: 'password',
    autoComplete,
    label: t(`account.password.${name}`),
    slotProps: { htmlInput: { 'data-testid': testId, maxLength: passwordMaxLength } },
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit}
      sx={{ mt: 2, maxWidth: 420 }}
      data-testid="account-password-form"
    >
      {/* Lets password managers tie the new password to the account. */}
      <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
      <TextField {...field('oldPassword', 'account-password-current', 'current-password')} />
      <TextField
        {...field('newPassword', 'account-password-new', 'new-password')}
        helperText={form.errorText('newPassword') ?? t('account.password.hint')}
      />
      <TextField {...field('confirmPassword', 'account-password-confirm', 'new-password')} />
      <Button
        type="submit"
        variant="contained"
        loading={changePassword.isPending}
        sx={{ alignSelf: 'flex-start' }}
        data-testid="account-password-submit"
      >
        {t('account.password.submit')}
      </Button>
    </Stack>
  );
}
