import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export type ToolCardProps = {
  title: string;
  help: string;
  /** The controls, in a row (a column on a phone). */
  children: ReactNode;
  /** Below the controls: an answer the card shows itself. */
  footer?: ReactNode;
  testId?: string;
};

/** One operation of the charger tools: its title, what it does, its controls. */
export function ToolCard({ title, help, children, footer, testId }: ToolCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {help}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        alignItems={{ sm: 'center' }}
        useFlexGap
        flexWrap="wrap"
      >
        {children}
      </Stack>
      {footer}
    </Paper>
  );
}
