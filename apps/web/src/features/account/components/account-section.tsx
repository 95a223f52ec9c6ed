import { useId, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export type AccountSectionProps = {
  title: string;
  description?: string;
  testId: string;
  children?: ReactNode;
};

/** One titled card of the account screen. */
export function AccountSection({ title, description, testId, children }: AccountSectionProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 3 }}
      data-testid={testId}
    >
      <Typography id={titleId} variant="h6" component="h2">
        {title}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
