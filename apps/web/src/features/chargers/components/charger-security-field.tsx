import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { securityProfiles, type Charger, type SecurityProfile } from '@plugboard/contract';
import { confirm } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useUpdateCharger } from '../api/update-charger';

export type ChargerSecurityFieldProps = { charger: Charger };

/**
 * The OCPP security profile the charger must connect with (1 PIN, 2 TLS + PIN, 3 TLS + client certificate). Asked
 * first: a charger not yet set up for the new profile can no longer connect (docs/ocpp.md, Security profiles).
 */
export function ChargerSecurityField({ charger }: ChargerSecurityFieldProps) {
  const { t } = useTranslation();
  const updateCharger = useUpdateCharger();

  const choose = async (securityProfile: SecurityProfile) => {
    if (securityProfile === charger.securityProfile || updateCharger.isPending) return;
    const confirmed = await confirm({
      title: t('chargers.security.confirmTitle'),
      content: t('chargers.security.confirm', {
        name: charger.alias || charger.productCode,
        profile: securityProfile,
      }),
      confirmText: t('chargers.security.save'),
      type: 'warning',
    });
    if (!confirmed) return;
    updateCharger.mutate(
      { chargerId: charger.id, securityProfile },
      { onSuccess: () => notify({ message: t('chargers.security.saved'), severity: 'success' }) },
    );
  };

  return (
    <TextField
      select
      size="small"
      fullWidth
      value={charger.securityProfile}
      disabled={updateCharger.isPending}
      // In the details' narrow value column on a phone the profile's name wraps rather than being cut.
      sx={{ '& .MuiSelect-select': { whiteSpace: 'normal' } }}
      onChange={(event) => void choose(Number(event.target.value) as SecurityProfile)}
      slotProps={{
        htmlInput: { 'data-testid': 'charger-security-profile', 'aria-label': t('chargers.security.label') },
      }}
    >
      {securityProfiles.map((profile) => (
        <MenuItem key={profile} value={profile} data-testid={`charger-security-profile-${profile}`}>
          {t(`chargers.security.profile${profile}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
