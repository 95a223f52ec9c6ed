import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SigningEntry } from '@plugboard/contract';
import { confirm } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { useSignings } from '../api/get-signings';
import { useRenewCertificate } from '../api/renew-certificate';
import { formatSiteDate } from '../lib/site-date';
import { ToolCard } from '../../../components/ui/tool-card';

export type SigningHistoryCardProps = { chargerId: number; name: string; connected: boolean };

/**
 * The charger's SignCertificate requests: signed or refused (and why), and what it answered to CertificateSigned.
 * "Renew" asks the charger for a new one (ExtendedTriggerMessage SignChargePointCertificate), behind the confirm.
 */
export function SigningHistoryCard({ chargerId, name, connected }: SigningHistoryCardProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const signings = useSignings(chargerId);
  const renew = useRenewCertificate();
  const [answer, setAnswer] = useState<string | null>(null);
  const renewNow = async () => {
    const confirmed = await confirm({
      title: t('certificates.signings.renew'),
      content: t('certificates.signings.renewConfirm', { name }),
      confirmText: t('certificates.signings.renew'),
      type: 'warning',
    });
    if (!confirmed) return;
    setAnswer(null);
    renew.mutate(chargerId, { onSuccess: ({ status }) => setAnswer(status) });
  };
  const rows = signings.data?.signings ?? [];
  const date = (iso: string | null) => (iso ? formatSiteDate(iso, timeZone, i18n.language) : '—');
  const result = (s: SigningEntry) =>
    s.status === 'Accepted' ? (
      <Chip size="small" color="success" label={t('certificates.signings.signed')} />
    ) : (
      <Chip
        size="small"
        color="error"
        label={t('certificates.signings.refused', {
          reason: t(`certificates.signings.refusal.${s.refusal ?? 'invalid-csr'}`),
        })}
      />
    );
  const chargerAnswer = (s: SigningEntry) => {
    if (s.status !== 'Accepted') return '—';
    return t(`certificates.signings.answers.${s.signedStatus ?? 'pending'}`);
  };

  return (
    <ToolCard layout="column" title={t('certificates.signings.title')} help={t('certificates.signings.help')}>
      <Stack direction="row">
        <Button
          variant="outlined"
          disabled={!connected || renew.isPending}
          onClick={() => void renewNow()}
          data-testid="certificate-renew"
        >
          {t('certificates.signings.renew')}
        </Button>
      </Stack>
      {answer && (
        <Alert
          severity={answer === 'Accepted' ? 'success' : 'error'}
          data-testid="certificate-renew-answer"
          onClose={() => setAnswer(null)}
        >
          {t('certificates.answer', { status: t(`certificates.status.${answer as 'Accepted'}`) })}
        </Alert>
      )}
      {signings.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary">{t('certificates.signings.empty')}</Typography>
      )}
      {rows.length > 0 && (
        <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Table size="small" sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('certificates.signings.receivedAt')}</TableCell>
                <TableCell>{t('certificates.signings.subject')}</TableCell>
                <TableCell>{t('certificates.signings.result')}</TableCell>
                <TableCell>{t('certificates.serial')}</TableCell>
                <TableCell>{t('certificates.validUntil')}</TableCell>
                <TableCell>{t('certificates.signings.chargerAnswer')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.id} data-testid="signing-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(s.receivedAt)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word', minWidth: 180 }}>{s.subject ?? '—'}</TableCell>
                  <TableCell>{result(s)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>
                    {s.serialNumber ?? '—'}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(s.notAfter)}</TableCell>
                  <TableCell>{chargerAnswer(s)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </ToolCard>
  );
}
