import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';

export type CenteredPageProps = { children?: ReactNode; testId?: string };

/** The frame of the screens outside the authenticated layout (login, register, select site, not found). */
export function CenteredPage({ children, testId }: CenteredPageProps) {
  return (
    <Box
      component="main"
      data-testid={testId}
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Paper elevation={0} sx={{ width: '100%', maxWidth: 480, p: 4, border: 1, borderColor: 'divider' }}>
        {children}
      </Paper>
    </Box>
  );
}
