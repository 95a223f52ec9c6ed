import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export type DetailFieldProps = { label: string; testId?: string; children: ReactNode };

/** A label and its value in the session detail; the value carries the test id. */
export function DetailField({ label, testId, children }: DetailFieldProps) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '170px 1fr', gap: 2, py: 0.5, alignItems: 'baseline' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ minWidth: 0, wordBreak: 'break-word' }} data-testid={testId}>
        {children}
      </Box>
    </Box>
  );
}
