import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { SideMenu } from './side-menu';

export type ConsoleShellProps = { topBar: ReactNode; children?: ReactNode };

export function ConsoleShell({ topBar, children }: ConsoleShellProps) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }} data-testid="console-shell">
      <SideMenu />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="inherit"
          elevation={0}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
          data-testid="top-bar"
        >
          <Toolbar sx={{ gap: 2, pl: { xs: 4 } }}>{topBar}</Toolbar>
        </AppBar>
        <Box component="main" sx={{ flex: 1, p: 3 }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
