import { useNavigate } from 'react-router';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n';
import { PageLoading } from '../../components/ui/page-loading';
import { useUserInfo } from '../../features/account/api/get-user-info';
import { AccountSection } from '../../features/account/components/account-section';
import { AvatarPicker } from '../../features/account/components/avatar-picker';
import { ChangeEmailForm } from '../../features/account/components/change-email-form';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { DeleteAccount } from '../../features/account/components/delete-account';
import { ProfileForm } from '../../features/account/components/profile-form';

export function AccountRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  if (!user) return <PageLoading />;

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }} data-testid="account-page">
      <Typography variant="h5" component="h1" fontWeight={600}>
        {t('account.title')}
      </Typography>
      <AccountSection title={t('account.profile.title')} testId="account-profile-section">
        <Stack spacing={3} sx={{ mt: 2 }}>
          <AvatarPicker user={user} />
          <ProfileForm key={user.id} user={user} />
        </Stack>
      </AccountSection>
      <AccountSection title={t('account.email.title')} testId="account-email-section">
        <ChangeEmailForm currentEmail={user.email} />
      </AccountSection>
      <AccountSection
        title={t('account.password.title')}
        description={t('account.password.description')}
        testId="account-password-section"
      >
        <ChangePasswordForm email={user.email} />
      </AccountSection>
      <AccountSection
        title={t('account.delete.title')}
        description={t('account.delete.description')}
        testId="account-delete-section"
      >
        <DeleteAccount onDeleted={() => void navigate('/login', { replace: true })} />
      </AccountSection>
    </Stack>
  );
}
