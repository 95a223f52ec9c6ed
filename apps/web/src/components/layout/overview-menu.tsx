import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from '../../lib/i18n';
import { isActivePath, menuItems } from './menu-items';

/** The overview screen has no side menu; its dark top bar offers the same entries as a dropdown. */
export function OverviewMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        startIcon={<MenuIcon />}
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-controls={open ? 'overview-menu' : undefined}
        aria-expanded={open}
        data-testid="overview-menu-button"
        aria-label={t('shell.navigation')}
        sx={{ flexShrink: 0, minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
          {t('shell.navigation')}
        </Box>
      </Button>
      <Menu id="overview-menu" anchorEl={anchor} open={open} onClose={close} data-testid="overview-menu">
        {menuItems.map((item) => {
          const active = isActivePath(item, pathname);
          const Icon = item.icon;
          return (
            <MenuItem
              key={item.path}
              component={Link}
              to={item.path}
              selected={active}
              aria-current={active ? 'page' : undefined}
              onClick={close}
              data-testid={item.testId}
              data-active={active}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              {t(item.labelKey)}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
