import { useLocation, useNavigate } from 'react-router';
import { CenteredPage } from '../../components/layout/centered-page';
import { LoginForm } from '../../features/auth/components/login-form';
import { emailFromState } from '../../features/auth/email-state';
import { returnPath, type ReturnState } from '../require-site';

export function LoginRoute() {
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  // select-site decides where to go: no site yet -> add-site, a remembered site -> straight in; then back to the
  // page that sent the visitor to log in, if one did.
  const from = returnPath(state);
  const next: ReturnState | undefined = from ? { from } : undefined;
  return (
    <CenteredPage testId="login-page">
      <LoginForm
        initialEmail={emailFromState(state)}
        onLoggedIn={() => void navigate('/select-site', { replace: true, state: next })}
      />
    </CenteredPage>
  );
}
