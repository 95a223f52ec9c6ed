import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Charger } from '@plugboard/contract';
import { confirm } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { useDiagnostics } from '../api/get-diagnostics';
import { downloadDiagnostics, useRequestDiagnostics } from '../api/request-diagnostics';
import { formatDateTime, formatNumber } from '../lib/format';
import { Section } from './detail-section';

export type ChargerDiagnosticsProps = { charger: Charger };

const diagnosticsStatuses = ['Idle', 'Uploading', 'Uploaded', 'UploadFailed'] as const;
const isDiagnosticsStatus = (s: string): s is (typeof diagnosticsStatuses)[number] =>
  (diagnosticsStatuses as readonly string[]).includes(s);

/**
 * GetDiagnostics from the charger's details: asked behind the confirm dialog, the charger uploads its file to the
 * server (DiagnosticsStatusNotification shows the progress) and it is listed here for download.
 */
export function ChargerDiagnostics({ charger }: ChargerDiagnosticsProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const diagnostics = useDiagnostics(charger.id);
  const request = useRequestDiagnostics();
  const name = charger.alias || charger.productCode;
  const status = diagnostics.data?.status ?? null;

  const ask = async () => {
    const confirmed = await confirm({
      title: t('chargers.diagnostics.requestTitle'),
      content: t('chargers.diagnostics.requestConfirm', { name }),
      confirmText: t('chargers.diagnostics.request'),
    });
    if (!confirmed) return;
    request.mutate(
      { chargerId: charger.id },
      {
        onSuccess: ({ fileName }) =>
          notify({
            message: fileName
              ? t('chargers.diagnostics.requested', { fileName })
              : t('chargers.diagnostics.noFile'),
            severity: fileName ? 'success' : 'warning',
          }),
      },
    );
  };

  const files = (diagnostics.data?.list ?? []).filter((d) => d.uploadedAt !== null);
  return (
    <Section title={t('chargers.diagnostics.title')}>
      {status && (
        <Typography variant="body2" data-testid="charger-diagnostics-status">
          {t('chargers.diagnostics.status', {
            status: isDiagnosticsStatus(status) ? t(`chargers.diagnostics.statuses.${status}`) : status,
          })}
        </Typography>
      )}
      {files.map((d) => (
        <Stack key={d.id} direction="row" spacing={1} alignItems="center" justifyContent="space-between">
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }} data-testid="charger-diagnostics-file">
            {t('chargers.diagnostics.file', {
              fileName: d.fileName ?? `diagnostics-${d.id}`,
              size: formatNumber(i18n.language, (d.size ?? 0) / 1024, 1),
              at: formatDateTime(i18n.language, d.uploadedAt ?? d.requestedAt, timeZone),
            })}
          </Typography>
          <Button
            size="small"
            onClick={() => void downloadDiagnostics(d)}
            data-testid="charger-diagnostics-download"
          >
            {t('chargers.diagnostics.download')}
          </Button>
        </Stack>
      ))}
      <Button
        variant="outlined"
        size="small"
        disabled={!charger.connected || request.isPending}
        onClick={() => void ask()}
        data-testid="charger-diagnostics-request"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('chargers.diagnostics.request')}
      </Button>
    </Section>
  );
}
