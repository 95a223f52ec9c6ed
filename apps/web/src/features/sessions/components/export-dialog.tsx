import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { exportFormats, exportScopes, type ExportFormat } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useSessionExport } from '../api/export-sessions';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { filterBody, type SessionListParams } from '../lib/list-params';
import { ExportProgress } from './export-progress';

export type ExportDialogProps = {
  open: boolean;
  onClose: () => void;
  params: SessionListParams;
  /** Sessions matching the filters (the list's total). */
  total: number;
};

type Scope = (typeof exportScopes)[number];

/** Export this page or all pages of the filter as CSV or XLSX, streamed, with progress and cancel. */
export function ExportDialog({ open, onClose, params, total }: ExportDialogProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const [scope, setScope] = useState<Scope>('page');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const exporter = useSessionExport();
  const running = exporter.state.phase === 'running';

  const close = () => {
    exporter.cancel();
    onClose();
  };
  const start = () =>
    void exporter.start({
      ...filterBody(params, timeZone),
      scope,
      format,
      pageNum: params.pageNum,
      pageSize: params.pageSize,
      language: i18n.language,
    });

  return (
    <Dialog
      open={open}
      onClose={running ? undefined : close}
      fullWidth
      maxWidth="sm"
      data-testid="session-export-dialog"
    >
      <DialogTitle>{t('sessions.export.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <FormControl disabled={running}>
            <FormLabel>{t('sessions.export.scope')}</FormLabel>
            <RadioGroup row value={scope} onChange={(event) => setScope(event.target.value as Scope)}>
              {exportScopes.map((option) => (
                <FormControlLabel
                  key={option}
                  value={option}
                  control={
                    <Radio
                      slotProps={{ input: { 'data-testid': `session-export-scope-${option}` } as object }}
                    />
                  }
                  label={t(`sessions.export.scopes.${option}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <FormControl disabled={running}>
            <FormLabel>{t('sessions.export.format')}</FormLabel>
            <RadioGroup
              row
              value={format}
              onChange={(event) => setFormat(event.target.value as ExportFormat)}
            >
              {exportFormats.map((option) => (
                <FormControlLabel
                  key={option}
                  value={option}
                  control={
                    <Radio
                      slotProps={{ input: { 'data-testid': `session-export-format-${option}` } as object }}
                    />
                  }
                  label={t(`sessions.export.formats.${option}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <Box sx={{ minHeight: 56 }}>
            {exporter.state.phase === 'running' && (
              <ExportProgress
                progress={exporter.state.progress}
                format={format}
                total={scope === 'all' ? total : null}
              />
            )}
            {exporter.state.phase === 'done' && (
              <Alert severity="success" data-testid="session-export-done">
                {t('sessions.export.done', { filename: exporter.state.filename })}
              </Alert>
            )}
            {exporter.state.phase === 'failed' && (
              <Alert severity="error" data-testid="session-export-failed">
                {t('sessions.export.failed')}
              </Alert>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        {running ? (
          <Button onClick={exporter.cancel} color="inherit" data-testid="session-export-cancel">
            {t('sessions.export.cancel')}
          </Button>
        ) : (
          <Button onClick={close} color="inherit" data-testid="session-export-close">
            {t('sessions.export.close')}
          </Button>
        )}
        <Button variant="contained" onClick={start} disabled={running} data-testid="session-export-start">
          {t('sessions.export.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
