import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AppErrorBoundary } from '../components/ui/app-error-boundary';
import { OverlayHosts } from '../components/ui/overlay-hosts';
import { theme } from '../lib/theme';

export type AppProvidersProps = { children?: ReactNode };

export function AppProviders({ children }: AppProvidersProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppErrorBoundary>
        {children}
        <OverlayHosts />
      </AppErrorBoundary>
    </ThemeProvider>
  );
}
