import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import EvStationIcon from '@mui/icons-material/EvStation';
import { useTranslation } from '../../lib/i18n';
import { OverviewMenu } from './overview-menu';
import { VersionLabel } from './version-label';

export type OverviewShellProps = { topBar: ReactNode; children?: ReactNode };

// A drawn background instead of an image file: nothing to download, and it scales to any screen.
const background = [
  'radial-gradient(circle at 15% 20%, rgba(99, 102, 241, 0.25), transparent 45%)',
  'radial-gradient(circle at 85% 75%, rgba(34, 197, 94, 0.18), transparent 40%)',
  'linear-gradient(160deg, #EEF2FF 0%, #E0E7FF 50%, #F5F3FF 100%)',
].join(', ');

export function OverviewShell({ topBar, children }: OverviewShellProps) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="overview-shell"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background }}
    >
      <AppBar
        position="sticky"
        elevation={0}
        sx={{ bgcolor: '#111827', color: '#F9FAFB' }}
        data-testid="top-bar"
      >
        <Toolbar sx={{ gap: { xs: 1, md: 2 }, px: { xs: 1, md: 3 } }}>
          <EvStationIcon sx={{ color: 'primary.light' }} />
          <Typography variant="h6" fontWeight={700} noWrap sx={{ display: { xs: 'none', md: 'block' } }}>
            {t('shell.productName')}
          </Typography>
          <OverviewMenu />
          {topBar}
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 1.5, md: 3 } }}>
        {children}
      </Box>
      <Box component="footer" sx={{ px: 3, py: 1.5, textAlign: 'right' }}>
        <VersionLabel />
      </Box>
    </Box>
  );
}
