import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export type OverviewCardProps = { title: ReactNode; testId?: string; children?: ReactNode };

/** One card of the overview: a white panel over the background, with a small title. */
export function OverviewCard({ title, testId, children }: OverviewCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle2" color="text.secondary" gutterBottom component="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
