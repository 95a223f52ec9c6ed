import { useNavigate } from 'react-router';
import { CenteredPage } from '../../components/layout/centered-page';
import { RegisterForm } from '../../features/auth/components/register-form';

export function RegisterRoute() {
  const navigate = useNavigate();
  return (
    <CenteredPage testId="register-page">
      <RegisterForm onCodeSent={() => void navigate('/check')} />
    </CenteredPage>
  );
}
