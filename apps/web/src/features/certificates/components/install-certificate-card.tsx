import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { certificateLimits, certificateTypes, type CertificateType } from '@plugboard/contract';
import { confirm } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { useInstallCertificate } from '../api/install-certificate';
import { ToolCard } from '../../../components/ui/tool-card';

export type InstallCertificateCardProps = { chargerId: number; name: string; connected: boolean };

/** InstallCertificate: a root certificate pasted as PEM, sent after the confirmation; the answer stays shown. */
export function InstallCertificateCard({ chargerId, name, connected }: InstallCertificateCardProps) {
  const { t } = useTranslation();
  const install = useInstallCertificate();
  const [type, setType] = useState<CertificateType>('CentralSystemRootCertificate');
  const [pem, setPem] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);

  const send = async () => {
    const confirmed = await confirm({
      title: t('certificates.install.title'),
      content: t('certificates.install.confirm', { type: t(`certificates.types.${type}`), name }),
      confirmText: t('certificates.install.send'),
      type: 'warning',
    });
    if (!confirmed) return;
    setAnswer(null);
    install.mutate(
      { chargerId, certificateType: type, certificate: pem },
      { onSuccess: ({ status }) => setAnswer(status) },
    );
  };

  return (
    <ToolCard layout="column" title={t('certificates.install.title')} help={t('certificates.install.help')}>
      <TextField
        select
        size="small"
        label={t('certificates.kind')}
        value={type}
        onChange={(event) => setType(event.target.value as CertificateType)}
        sx={{ maxWidth: { sm: 360 } }}
        slotProps={{ htmlInput: { 'data-testid': 'certificate-install-type' } }}
      >
        {certificateTypes.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`certificates.types.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        multiline
        minRows={4}
        maxRows={12}
        label={t('certificates.install.pem')}
        placeholder="-----BEGIN CERTIFICATE-----"
        value={pem}
        onChange={(event) => setPem(event.target.value)}
        slotProps={{
          htmlInput: {
            'data-testid': 'certificate-install-pem',
            maxLength: certificateLimits.pemMax + 100,
            spellCheck: false,
            style: { fontFamily: 'monospace', fontSize: 12 },
          },
        }}
      />
      <Stack direction="row">
        <Button
          variant="outlined"
          color="warning"
          disabled={!connected || install.isPending || pem.trim() === ''}
          onClick={() => void send()}
          data-testid="certificate-install-send"
        >
          {t('certificates.install.send')}
        </Button>
      </Stack>
      {answer && (
        <Alert
          severity={answer === 'Accepted' ? 'success' : 'error'}
          data-testid="certificate-install-answer"
          onClose={() => setAnswer(null)}
        >
          {t('certificates.answer', { status: t(`certificates.status.${answer as 'Accepted'}`) })}
        </Alert>
      )}
    </ToolCard>
  );
}
