import { useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { cardLimits } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useCardImport } from '../hooks/use-card-import';
import { csvColumns, templateCsv } from '../lib/card-csv';
import { formatNumber } from '../lib/format';
import { downloadText } from '../lib/read-text-file';
import { ImportPreview } from './import-preview';
import { ImportReport } from './import-report';

export type ImportCardsDialogProps = { onClose: () => void; onImported: (count: number) => void };

/** CSV import: choose a file, see its first rows and the server's check of every row, import when all are right. */
export function ImportCardsDialog({ onClose, onImported }: ImportCardsDialogProps) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { state, choose, importAll, canImport, importing } = useCardImport(onImported);
  const max = formatNumber(i18n.language, cardLimits.importMaxRows);
  const problems = state.step === 'checked' ? state.problems : [];

  return (
    <Dialog
      open
      onClose={importing ? undefined : onClose}
      fullWidth
      maxWidth="md"
      data-testid="card-import-dialog"
    >
      <DialogTitle>{t('cards.import.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('cards.import.intro', { columns: csvColumns.join(','), max })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <Button
            variant="contained"
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            disabled={importing}
            data-testid="card-import-choose"
          >
            {t('cards.import.choose')}
          </Button>
          <Button
            startIcon={<DownloadIcon />}
            onClick={() => downloadText(templateCsv(), 'cards-template.csv')}
            data-testid="card-import-template"
          >
            {t('cards.import.template')}
          </Button>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            hidden
            data-testid="card-import-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared, so that choosing the same (fixed) file again fires a change.
              event.target.value = '';
              if (file) void choose(file);
            }}
          />
        </Stack>
        {state.step !== 'empty' && (
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="card-import-file-name">
            {t('cards.import.fileName', { name: state.name })}
          </Typography>
        )}
        {state.step === 'invalid' && (
          <Alert severity="error" data-testid="card-import-invalid">
            {t(`cards.import.fileError.${state.error}`, { columns: csvColumns.join(','), max })}
          </Alert>
        )}
        {(state.step === 'checking' || importing) && <LinearProgress sx={{ mb: 2 }} />}
        {state.step === 'failed' && (
          <Alert severity="error" data-testid="card-import-failed">
            {t('cards.import.checkFailed')}
          </Alert>
        )}
        {state.step === 'checked' && (
          <Alert
            severity={problems.length > 0 ? 'error' : 'success'}
            sx={{ mb: 2 }}
            data-testid="card-import-status"
          >
            {problems.length > 0
              ? t('cards.import.problems', { count: problems.length })
              : t('cards.import.ready', {
                  count: state.file.rows.length,
                  total: formatNumber(i18n.language, state.file.rows.length),
                })}
          </Alert>
        )}
        {state.step === 'checked' && problems.length > 0 && (
          <Box sx={{ mb: 2 }}>
            <ImportReport file={state.file} problems={problems} />
          </Box>
        )}
        {'file' in state && <ImportPreview file={state.file} problems={problems} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={importing} data-testid="card-import-cancel">
          {t('cards.form.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={importAll}
          disabled={!canImport}
          loading={importing}
          data-testid="card-import-submit"
        >
          {t('cards.import.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
