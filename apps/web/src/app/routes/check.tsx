import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { CenteredPage } from '../../components/layout/centered-page';
import { CheckCodeForm } from '../../features/auth/components/check-code-form';
import { getRegistrationDraft } from '../../features/auth/registration-draft';

export function CheckRoute() {
  const navigate = useNavigate();
  // Read once: registering clears the draft, which must not send the new user back to /register.
  const [draft] = useState(getRegistrationDraft);
  // Opened directly or reloaded: the first step (kept only in memory) has to be filled in again.
  if (!draft) return <Navigate to="/register" replace />;
  return (
    <CenteredPage testId="check-page">
      {/* Registered and logged in: select-site sends a new account (no site yet) on to add-site. */}
      <CheckCodeForm draft={draft} onRegistered={() => void navigate('/select-site', { replace: true })} />
    </CenteredPage>
  );
}
