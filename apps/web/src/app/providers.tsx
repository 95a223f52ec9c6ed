import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AppErrorBoundary } from '../components/ui/app-error-boundary';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { NotificationHost } from '../components/ui/notifications';
import { queryClient } from '../lib/query-client';
import { theme } from '../lib/theme';

export type AppProvidersProps = { children?: ReactNode };

export function AppProviders({ children }: AppProvidersProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ConfirmProvider>{children}</ConfirmProvider>
          <NotificationHost />
        </QueryClientProvider>
      </AppErrorBoundary>
    </ThemeProvider>
  );
}
