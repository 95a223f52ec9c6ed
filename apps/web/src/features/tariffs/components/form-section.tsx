import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export type FormSectionProps = { title: string; hint?: string; testId?: string; children: ReactNode };

/** A titled card of the tariff screen. */
export function FormSection({ title, hint, testId, children }: FormSectionProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      )}
      {!hint && <div style={{ height: 12 }} />}
      {children}
    </Paper>
  );
}
