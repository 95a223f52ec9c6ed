import { useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from '../../lib/i18n';
import { SideMenu } from './side-menu';

export type ConsoleShellProps = { topBar: ReactNode; children?: ReactNode };

/**
 * The side menu and the top bar around a page. Below the md breakpoint (a phone) the menu is a drawer opened from
 * the top bar, so that the page has the whole width and never scrolls sideways.
 */
export function ConsoleShell({ topBar, children }: ConsoleShellProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }} data-testid="console-shell" data-phone={phone}>
      {phone ? (
        <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} data-testid="side-menu-drawer-panel">
          <SideMenu inDrawer onNavigate={() => setMenuOpen(false)} />
        </Drawer>
      ) : (
        <SideMenu />
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="inherit"
          elevation={0}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
          data-testid="top-bar"
        >
          <Toolbar sx={{ gap: { xs: 1, md: 2 }, pl: { xs: 1, md: 4 } }}>
            {phone && (
              <IconButton
                edge="start"
                onClick={() => setMenuOpen(true)}
                aria-label={t('shell.openMenu')}
                data-testid="side-menu-open"
              >
                <MenuIcon />
              </IconButton>
            )}
            {topBar}
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 1.5, md: 3 } }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
