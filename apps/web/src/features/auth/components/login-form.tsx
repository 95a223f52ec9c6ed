import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';
import { TextInput } from '../../../components/ui/text-input';
import { useLogin } from '../api/login';
import { useForm } from '../../../lib/use-form';
import { validateLogin } from '../validation';
import { AuthHeading } from './auth-heading';

export type LoginFormProps = {
  /** Filled in after a password reset, for instance. */
  initialEmail?: string;
  onLoggedIn: () => void;
};

// /login is the first screen most visitors load: it imports no runtime value from the contract (whose schemas
// would bring zod along) and no <Trans>; the server checks the lengths.
export function LoginForm({ initialEmail = '', onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const form = useForm({ email: initialEmail, password: '' }, validateLogin);

  const submit = form.onSubmit(({ email, password }) =>
    login.mutate({ email: email.trim(), password }, { onSuccess: onLoggedIn }),
  );

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} data-testid="login-form">
      <AuthHeading title={t('auth.login.title')} />
      <TextInput
        {...form.textField('email')}
        type="email"
        label={t('auth.fields.email')}
        autoComplete="username"
        autoFocus={!initialEmail}
        slotProps={{ htmlInput: { 'data-testid': 'login-email', maxLength: 254 } }}
      />
      <TextInput
        {...form.textField('password')}
        type="password"
        label={t('auth.fields.password')}
        autoComplete="current-password"
        autoFocus={Boolean(initialEmail)}
        slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
      />
      <Link component={RouterLink} to="/forgot-password" alignSelf="flex-end" data-testid="login-forgot">
        {t('auth.login.forgotPassword')}
      </Link>
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={login.isPending}
        data-testid="login-submit"
      >
        {t('auth.login.submit')}
      </Button>
      <Typography color="text.secondary" textAlign="center">
        {t('auth.login.noAccount')}{' '}
        <Link component={RouterLink} to="/register" data-testid="login-register">
          {t('auth.login.register')}
        </Link>
      </Typography>
    </Stack>
  );
}
