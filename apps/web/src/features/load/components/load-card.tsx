import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export type LoadCardProps = {
  title: ReactNode;
  action?: ReactNode;
  testId?: string;
  /** Its content is a column that may grow (`flex: 1`) to the card's height, as its grid row sets it. */
  fill?: boolean;
  children?: ReactNode;
};

/** One panel of the load screen, with a small title and an optional action on its right. */
export function LoadCard({ title, action, testId, fill, children }: LoadCardProps) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, minWidth: 0, ...(fill && { display: 'flex', flexDirection: 'column' }) }}
      data-testid={testId}
    >
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
        <Typography variant="subtitle2" color="text.secondary" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}
