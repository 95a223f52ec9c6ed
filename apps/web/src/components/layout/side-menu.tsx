import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EvStationIcon from '@mui/icons-material/EvStation';
import { useTranslation } from '../../lib/i18n';
import { isActivePath, menuItems } from './menu-items';
import { VersionLabel } from './version-label';

export const sideMenuWidth = { expanded: 240, collapsed: 100 } as const;
/** Labels wait for the width transition, otherwise they wrap while the menu is still narrow. */
export const labelDelayMs = 100;

export type SideMenuProps = {
  /**
   * On a phone (below md) the menu lives in a drawer: always expanded, no collapse handle, and following a link
   * closes the drawer (`onNavigate`).
   */
  inDrawer?: boolean;
  onNavigate?: () => void;
};

export function SideMenu({ inDrawer = false, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState(true);
  const [labelsVisible, setLabelsVisible] = useState(true);
  const labelTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(labelTimer.current), []);

  const toggle = () => {
    clearTimeout(labelTimer.current);
    if (expanded) {
      setExpanded(false);
      setLabelsVisible(false);
      return;
    }
    setExpanded(true);
    labelTimer.current = setTimeout(() => setLabelsVisible(true), labelDelayMs);
  };
  const toggleLabel = expanded ? t('shell.collapseMenu') : t('shell.expandMenu');

  return (
    <Box
      component="nav"
      aria-label={t('shell.navigation')}
      data-testid={inDrawer ? 'side-menu-drawer' : 'side-menu'}
      data-expanded={expanded}
      sx={{
        width: expanded ? sideMenuWidth.expanded : sideMenuWidth.collapsed,
        flexShrink: 0,
        position: inDrawer ? 'relative' : 'sticky',
        top: 0,
        height: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
        transition: (theme) => theme.transitions.create('width', { duration: labelDelayMs }),
        zIndex: (theme) => theme.zIndex.appBar + 1,
      }}
    >
      <ButtonBase
        onClick={inDrawer ? onNavigate : toggle}
        aria-label={toggleLabel}
        aria-expanded={expanded}
        data-testid="side-menu-toggle"
        sx={{ height: 64, gap: 1, px: 3, justifyContent: labelsVisible ? 'flex-start' : 'center' }}
      >
        <EvStationIcon color="primary" fontSize="large" />
        {labelsVisible && (
          <Typography variant="h6" fontWeight={700} noWrap>
            {t('shell.productName')}
          </Typography>
        )}
      </ButtonBase>

      <List sx={{ flex: 1, px: 1.5, overflowY: 'auto' }}>
        {menuItems.map((item) => {
          const active = isActivePath(item, pathname);
          const label = t(item.labelKey);
          const Icon = item.icon;
          return (
            <ListItemButton
              key={item.path}
              component={Link}
              to={item.path}
              selected={active}
              aria-current={active ? 'page' : undefined}
              aria-label={labelsVisible ? undefined : label}
              data-testid={item.testId}
              data-active={active}
              onClick={onNavigate}
              sx={{
                borderRadius: 2,
                mb: 0.5,
                minHeight: 48,
                justifyContent: labelsVisible ? 'flex-start' : 'center',
              }}
            >
              <ListItemIcon
                sx={{ minWidth: 0, mr: labelsVisible ? 2 : 0, color: active ? 'primary.main' : 'inherit' }}
              >
                <Icon />
              </ListItemIcon>
              {labelsVisible && <ListItemText primary={label} />}
            </ListItemButton>
          );
        })}
      </List>

      <Box sx={{ p: 1.5, textAlign: 'center' }}>
        <VersionLabel />
      </Box>

      {!inDrawer && (
        <IconButton
          size="small"
          onClick={toggle}
          aria-label={toggleLabel}
          data-testid="side-menu-handle"
          sx={{
            position: 'absolute',
            top: '50%',
            right: -14,
            transform: 'translateY(-50%)',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            boxShadow: 1,
            '&:hover': { bgcolor: 'background.paper' },
          }}
        >
          {expanded ? <ChevronLeftIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
        </IconButton>
      )}
    </Box>
  );
}
