import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../lib/i18n';
import { InstallCertificateCard } from './install-certificate-card';
import { InstalledCertificatesCard } from './installed-certificates-card';
import { SigningHistoryCard } from './signing-history-card';

export type ChargerCertificatesProps = { chargerId: number; name: string; connected: boolean };

/**
 * A charger's certificates (OCPP 1.6 security whitepaper): root certificates installed, listed and deleted, and the
 * history of the certificates it asked the server to sign.
 */
export function ChargerCertificates({ chargerId, name, connected }: ChargerCertificatesProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid="charger-certificates">
      {!connected && <Alert severity="info">{t('certificates.offline')}</Alert>}
      <InstalledCertificatesCard chargerId={chargerId} name={name} connected={connected} />
      <InstallCertificateCard chargerId={chargerId} name={name} connected={connected} />
      <SigningHistoryCard chargerId={chargerId} name={name} connected={connected} />
    </Stack>
  );
}
