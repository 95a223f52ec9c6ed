import { useLocation, useNavigate } from 'react-router';
import { CenteredPage } from '../../components/layout/centered-page';
import { LoginForm } from '../../features/auth/components/login-form';
import { emailFromState } from '../../features/auth/email-state';

export function LoginRoute() {
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  // select-site decides where to go: no site yet -> add-site, a remembered site -> straight in.
  return (
    <CenteredPage testId="login-page">
      <LoginForm
        initialEmail={emailFromState(state)}
        onLoggedIn={() => void navigate('/select-site', { replace: true })}
      />
    </CenteredPage>
  );
}
