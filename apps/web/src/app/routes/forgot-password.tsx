import { useLocation, useNavigate } from 'react-router';
import { CenteredPage } from '../../components/layout/centered-page';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { emailFromState, type EmailState } from '../../features/auth/email-state';

export function ForgotPasswordRoute() {
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  return (
    <CenteredPage testId="forgot-password-page">
      <ForgotPasswordForm
        initialEmail={emailFromState(state)}
        onCodeSent={(email) => void navigate('/reset-password', { state: { email } satisfies EmailState })}
      />
    </CenteredPage>
  );
}
