import Table from '@mui/material/Table';
import { alpha } from '@mui/material/styles';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';
import { csvColumns, type ImportProblem } from '../lib/card-csv';
import type { ReadyFile } from '../hooks/use-card-import';
import { formatNumber } from '../lib/format';

export type ImportPreviewProps = { file: ReadyFile; problems: readonly ImportProblem[] };

/** How many rows the preview shows: enough to see that the columns landed where they belong. */
export const previewRows = 5;

/** The first rows of the file as the import reads them, with their file line; a row with a problem is marked. */
export function ImportPreview({ file, problems }: ImportPreviewProps) {
  const { t, i18n } = useTranslation();
  const wrong = new Set(problems.map((problem) => problem.row));
  const count = file.rows.length;
  return (
    <>
      <Typography variant="subtitle2" sx={{ mb: 1 }} data-testid="card-import-count">
        {t('cards.import.rowCount', { count, total: formatNumber(i18n.language, count) })}
      </Typography>
      <Table size="small" data-testid="card-import-preview">
        <TableHead>
          <TableRow>
            <TableCell>{t('cards.import.line')}</TableCell>
            {csvColumns.map((column) => (
              <TableCell key={column}>{t(`cards.import.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {file.rows.slice(0, previewRows).map((row, index) => (
            <TableRow
              key={index}
              sx={
                wrong.has(index + 1)
                  ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08) }
                  : undefined
              }
              data-wrong={wrong.has(index + 1) || undefined}
            >
              <TableCell>{file.lines[index]}</TableCell>
              <TableCell>{row.cardId}</TableCell>
              <TableCell>{row.holder}</TableCell>
              <TableCell>{row.group}</TableCell>
              <TableCell>{row.email}</TableCell>
              <TableCell>{t(row.subscribeReport ? 'cards.yes' : 'cards.no')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
