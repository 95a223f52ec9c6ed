import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export type ToolCardProps = {
  title: string;
  help: string;
  /** The controls: in a row that wraps (a column on a phone), or one under the other. */
  children: ReactNode;
  layout?: 'row' | 'column';
  /** Below the controls: an answer the card shows itself. */
  footer?: ReactNode;
  testId?: string;
};

/**
 * One block of a charger's tools (operations, certificates): its title, what it does in a sentence, its controls.
 * It may narrow below its content's width (a table inside scrolls within it on a phone).
 */
export function ToolCard({ title, help, children, layout = 'row', footer, testId }: ToolCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {help}
      </Typography>
      {layout === 'row' ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          alignItems={{ sm: 'center' }}
          useFlexGap
          flexWrap="wrap"
        >
          {children}
        </Stack>
      ) : (
        <Stack spacing={1.5}>{children}</Stack>
      )}
      {footer}
    </Paper>
  );
}
