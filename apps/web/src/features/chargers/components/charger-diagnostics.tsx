import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Charger, Diagnostics } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { useDiagnostics } from '../api/get-diagnostics';
import { downloadDiagnostics } from '../api/request-diagnostics';
import { formatDateTime, formatNumber } from '../lib/format';
import { ChargerDiagnosticsAsk } from './charger-diagnostics-ask';
import { Section } from './detail-section';

export type ChargerDiagnosticsProps = { charger: Charger };

const diagnosticsStatuses = ['Idle', 'Uploading', 'Uploaded', 'UploadFailed'] as const;
const isDiagnosticsStatus = (s: string): s is (typeof diagnosticsStatuses)[number] =>
  (diagnosticsStatuses as readonly string[]).includes(s);

/**
 * GetDiagnostics and GetLog from the charger's details: asked behind the confirm dialog, the charger uploads its file
 * to the server (DiagnosticsStatusNotification, or LogStatusNotification naming the request, shows the progress) and
 * it is listed here for download.
 */
export function ChargerDiagnostics({ charger }: ChargerDiagnosticsProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const diagnostics = useDiagnostics(charger.id);
  const status = diagnostics.data?.status ?? null;

  /** A GetLog's progress: its LogStatusNotification, else the charger's answer to it. */
  const progress = (d: Diagnostics) =>
    d.logStatus
      ? t(`chargers.diagnostics.logStatuses.${d.logStatus}`)
      : d.answer
        ? t(`chargers.diagnostics.answers.${d.answer}`)
        : null;

  // Uploaded files, and the GetLog requests whose answer or progress is worth showing.
  const rows = (diagnostics.data?.list ?? []).filter(
    (d) => d.uploadedAt !== null || d.kind !== 'Diagnostics',
  );
  return (
    <Section title={t('chargers.diagnostics.title')}>
      {status && (
        <Typography variant="body2" data-testid="charger-diagnostics-status">
          {t('chargers.diagnostics.status', {
            status: isDiagnosticsStatus(status) ? t(`chargers.diagnostics.statuses.${status}`) : status,
          })}
        </Typography>
      )}
      {rows.map((d) => (
        <Stack key={d.id} spacing={0.25} data-testid="charger-diagnostics-row">
          {d.kind !== 'Diagnostics' && (
            <Typography variant="caption" color="text.secondary" data-testid="charger-diagnostics-log">
              {t('chargers.diagnostics.logRequest', {
                kind: t(`chargers.diagnostics.kinds.${d.kind}`),
                requestId: d.id,
                status: progress(d) ?? '—',
              })}
            </Typography>
          )}
          {d.uploadedAt !== null && (
            <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
              <Typography
                variant="body2"
                sx={{ wordBreak: 'break-all' }}
                data-testid="charger-diagnostics-file"
              >
                {t('chargers.diagnostics.file', {
                  fileName: d.fileName ?? `diagnostics-${d.id}`,
                  size: formatNumber(i18n.language, (d.size ?? 0) / 1024, 1),
                  at: formatDateTime(i18n.language, d.uploadedAt, timeZone),
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
          )}
        </Stack>
      ))}
      <ChargerDiagnosticsAsk charger={charger} />
    </Section>
  );
}
