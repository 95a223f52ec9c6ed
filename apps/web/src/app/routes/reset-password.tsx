import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { CenteredPage } from '../../components/layout/centered-page';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { notify } from '../../lib/notify';
import { emailFromState, type EmailState } from '../../features/auth/email-state';

/** Shown at /reset-password and at /reset. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  return (
    <CenteredPage testId="reset-password-page">
      <ResetPasswordForm
        initialEmail={emailFromState(state)}
        onReset={(email) => {
          notify({ message: t('auth.reset.done'), severity: 'success' });
          void navigate('/login', { replace: true, state: { email } satisfies EmailState });
        }}
      />
    </CenteredPage>
  );
}
