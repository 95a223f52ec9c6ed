import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import { alpha } from '@mui/material/styles';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation, type TranslationKey } from '../../../lib/i18n';
import { fileLine, type ImportProblem } from '../lib/card-csv';
import type { ReadyFile } from '../hooks/use-card-import';

export type ImportReportProps = { file: ReadyFile; problems: readonly ImportProblem[] };

/** A report of thousands of lines helps nobody: the first ones show, and how many more there are. */
export const reportLimit = 200;

const reasons = new Set([
  'required',
  'tooLong',
  'format',
  'duplicateInFile',
  'exists',
  'unknownGroup',
  'emailNeeded',
]);

/** Each wrong row: its line in the file (the header is line 1), the field, the value and why. */
export function ImportReport({ file, problems }: ImportReportProps) {
  const { t } = useTranslation();
  const reason = (key: string) =>
    t((reasons.has(key) ? `cards.import.reason.${key}` : 'cards.import.reason.other') as TranslationKey);
  const shown = problems.slice(0, reportLimit);
  return (
    <Box data-testid="card-import-report">
      <Box sx={{ maxHeight: 320, overflowY: 'auto' }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{t('cards.import.line')}</TableCell>
              <TableCell>{t('cards.import.field')}</TableCell>
              <TableCell>{t('cards.import.value')}</TableCell>
              <TableCell>{t('cards.import.problem')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((problem) => {
              const line = fileLine(file.lines, problem.row);
              const row = file.rows[problem.row - 1];
              const value =
                problem.field === 'subscribeReport'
                  ? (file.reportTexts[problem.row - 1] ?? '')
                  : (row?.[problem.field] ?? '');
              return (
                <TableRow
                  key={`${problem.row}:${problem.field}`}
                  sx={{ bgcolor: (theme) => alpha(theme.palette.error.main, 0.08) }}
                  data-testid="card-import-problem"
                  data-line={line}
                >
                  <TableCell>{line}</TableCell>
                  <TableCell>{t(`cards.import.columns.${problem.field}`)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{value}</TableCell>
                  <TableCell>{reason(problem.reason)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {problems.length > shown.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('cards.import.more', { count: problems.length - shown.length })}
        </Typography>
      )}
    </Box>
  );
}
