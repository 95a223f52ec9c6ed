import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UserInfo } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useUpdateUser } from '../api/update-user';
import { useForm } from '../../../lib/use-form';
import { validateProfile, type ProfileValues } from '../validation';

export type ProfileFormProps = { user: UserInfo };

// The limits of the contract's updateUserBody.
const maxLength: Record<keyof ProfileValues, number> = {
  name: 64,
  companyName: 100,
  companyAddress: 200,
  vatNumber: 32,
};

const testIds: Record<keyof ProfileValues, string> = {
  name: 'account-profile-name',
  companyName: 'account-profile-company-name',
  companyAddress: 'account-profile-company-address',
  vatNumber: 'account-profile-vat',
};

export function ProfileForm({ user }: ProfileFormProps) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const form = useForm(
    {
      name: user.name,
      companyName: user.companyName,
      companyAddress: user.companyAddress,
      vatNumber: user.vatNumber,
    },
    validateProfile,
  );

  const submit = form.onSubmit((values) =>
    update.mutate(
      {
        name: values.name.trim(),
        companyName: values.companyName.trim(),
        companyAddress: values.companyAddress.trim(),
        vatNumber: values.vatNumber.trim(),
      },
      { onSuccess: () => notify({ message: t('account.profile.saved'), severity: 'success' }) },
    ),
  );

  const field = (name: keyof ProfileValues) => ({
    ...form.textField(name),
    label: t(`account.profile.${name}`),
    slotProps: { htmlInput: { 'data-testid': testIds[name], maxLength: maxLength[name] } },
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="account-profile-form">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextField {...field('name')} autoComplete="name" />
        <TextField {...field('companyName')} autoComplete="organization" required />
        <TextField {...field('companyAddress')} autoComplete="street-address" required />
        <TextField {...field('vatNumber')} />
      </Box>
      <Button
        type="submit"
        variant="contained"
        loading={update.isPending}
        sx={{ alignSelf: 'flex-start' }}
        data-testid="account-save"
      >
        {t('account.profile.save')}
      </Button>
    </Stack>
  );
}
