import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { certificateTypes, type CertificateType, type InstalledCertificate } from '@plugboard/contract';
import { confirm } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { useDeleteCertificate } from '../api/delete-certificate';
import { useInstalledCertificates } from '../api/get-installed-certificates';
import { formatSiteDate } from '../lib/site-date';
import { ToolCard } from '../../../components/ui/tool-card';

export type InstalledCertificatesCardProps = { chargerId: number; name: string; connected: boolean };

const mono = { fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' } as const;
/** A hash is 64 to 128 hex digits: its start and end tell two apart; the whole is in the tooltip. */
const short = (hex: string) => (hex.length > 20 ? `${hex.slice(0, 8)}…${hex.slice(-8)}` : hex);

/**
 * GetInstalledCertificateIds of a kind as a table (the hash data the charger reported, named when this server knows
 * the certificate), each deleted with DeleteCertificate behind the confirm dialog.
 */
export function InstalledCertificatesCard({ chargerId, name, connected }: InstalledCertificatesCardProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const [type, setType] = useState<CertificateType>('CentralSystemRootCertificate');
  const [asked, setAsked] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const installed = useInstalledCertificates(chargerId, type, asked);
  const remove = useDeleteCertificate();

  const read = () => {
    setAnswer(null);
    if (asked) void installed.refetch();
    setAsked(true);
  };
  const deleteOne = async (certificate: InstalledCertificate) => {
    const confirmed = await confirm({
      title: t('certificates.installed.deleteTitle'),
      content: t('certificates.installed.deleteConfirm', {
        certificate: certificate.subject ?? certificate.hashData.serialNumber,
        name,
      }),
      confirmText: t('certificates.installed.delete'),
      type: 'error',
    });
    if (!confirmed) return;
    remove.mutate(
      { chargerId, certificateHashData: certificate.hashData },
      { onSuccess: ({ status }) => setAnswer(status) },
    );
  };
  const rows = installed.data?.certificates ?? [];

  return (
    <ToolCard
      layout="column"
      title={t('certificates.installed.title')}
      help={t('certificates.installed.help')}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
        <TextField
          select
          size="small"
          label={t('certificates.kind')}
          value={type}
          onChange={(event) => {
            setType(event.target.value as CertificateType);
            setAsked(false);
            setAnswer(null);
          }}
          sx={{ minWidth: { sm: 320 } }}
          slotProps={{ htmlInput: { 'data-testid': 'certificate-list-type' } }}
        >
          {certificateTypes.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(`certificates.types.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={!connected || installed.isFetching}
          onClick={read}
          data-testid="certificate-list-read"
        >
          {t('certificates.installed.read')}
        </Button>
      </Stack>
      {answer && (
        <Alert
          severity={answer === 'Accepted' ? 'success' : 'error'}
          data-testid="certificate-delete-answer"
          onClose={() => setAnswer(null)}
        >
          {t('certificates.answer', { status: t(`certificates.status.${answer as 'Accepted'}`) })}
        </Alert>
      )}
      {installed.data?.status === 'NotFound' && (
        <Typography color="text.secondary" data-testid="certificate-list-none">
          {t('certificates.installed.none')}
        </Typography>
      )}
      {rows.length > 0 && (
        <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Table size="small" sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('certificates.installed.subject')}</TableCell>
                <TableCell>{t('certificates.validUntil')}</TableCell>
                <TableCell>{t('certificates.serial')}</TableCell>
                <TableCell>{t('certificates.installed.hashes')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => (
                <TableRow
                  key={`${c.hashData.issuerNameHash}:${c.hashData.serialNumber}`}
                  data-testid="certificate-row"
                >
                  <TableCell sx={{ wordBreak: 'break-word', minWidth: 180 }}>
                    {c.subject ?? (
                      <Typography variant="body2" color="text.secondary" component="span">
                        {t('certificates.installed.unknown')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {c.notAfter ? formatSiteDate(c.notAfter, timeZone, i18n.language) : '—'}
                  </TableCell>
                  <TableCell sx={mono}>{c.hashData.serialNumber}</TableCell>
                  <TableCell sx={mono}>
                    <span title={c.hashData.issuerNameHash}>
                      {c.hashData.hashAlgorithm} {t('certificates.installed.issuerName')}{' '}
                      {short(c.hashData.issuerNameHash)}
                    </span>
                    <br />
                    <span title={c.hashData.issuerKeyHash}>
                      {c.hashData.hashAlgorithm} {t('certificates.installed.issuerKey')}{' '}
                      {short(c.hashData.issuerKeyHash)}
                    </span>
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      color="error"
                      disabled={!connected || remove.isPending}
                      onClick={() => void deleteOne(c)}
                      data-testid="certificate-delete"
                    >
                      {t('certificates.installed.delete')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </ToolCard>
  );
}
