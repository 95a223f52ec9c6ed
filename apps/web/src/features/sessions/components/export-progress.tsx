import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ExportFormat } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import type { DownloadProgress } from '../../../lib/stream-download';
import { formatNumber } from '../lib/format';

export type ExportProgressProps = {
  progress: DownloadProgress | null;
  format: ExportFormat;
  /** The list's total, while the server's X-Total-Count is not in yet. */
  total: number | null;
};

/**
 * Rows of a CSV count by its line breaks (the header line aside) against X-Total-Count; an XLSX (zipped) is
 * measured in bytes against Content-Length when the server gives one, else the bar runs without an end.
 */
export function exportPercent(progress: DownloadProgress, format: ExportFormat): number | null {
  if (format === 'csv' && progress.totalRows !== null) {
    if (progress.totalRows === 0) return 100;
    return Math.min(100, (Math.max(0, progress.lines - 1) / progress.totalRows) * 100);
  }
  if (progress.totalBytes) return Math.min(100, (progress.bytes / progress.totalBytes) * 100);
  return null;
}

export function ExportProgress({ progress, format, total }: ExportProgressProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(i18n.language, value, 0);
  const percent = progress ? exportPercent(progress, format) : null;
  const rows = progress?.totalRows ?? total;
  const megabytes = formatNumber(i18n.language, (progress?.bytes ?? 0) / 1_048_576, 1, 1);
  const text = !progress
    ? t('sessions.export.waiting')
    : format === 'csv' && rows !== null
      ? t('sessions.export.progressRows', {
          done: number(Math.min(rows, Math.max(0, progress.lines - 1))),
          total: number(rows),
        })
      : t('sessions.export.progressBytes', { size: megabytes });

  return (
    <Box data-testid="session-export-progress" data-percent={percent === null ? '' : Math.round(percent)}>
      <LinearProgress variant={percent === null ? 'indeterminate' : 'determinate'} value={percent ?? 0} />
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mt: 1 }}
        data-testid="session-export-progress-text"
      >
        {text}
      </Typography>
    </Box>
  );
}
