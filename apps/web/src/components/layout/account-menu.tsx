import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import { useTranslation } from '../../lib/i18n';

export type AccountMenuUser = { name?: string | null; email?: string | null; avatar?: string | null };

export type AccountMenuProps = {
  user: AccountMenuUser | undefined;
  onOpenAccount: () => void;
  onLogout: () => void;
};

export function AccountMenu({ user, onOpenAccount, onLogout }: AccountMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const label = user?.name || t('shell.account');
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('shell.accountMenu')}
        aria-haspopup="menu"
        aria-controls={open ? 'account-menu' : undefined}
        aria-expanded={open}
        data-testid="avatar-button"
      >
        <Avatar
          src={user?.avatar || undefined}
          alt={label}
          data-testid="avatar"
          sx={{ width: 36, height: 36, bgcolor: 'primary.main' }}
        >
          {user?.name ? user.name.charAt(0).toUpperCase() : null}
        </Avatar>
      </IconButton>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        data-testid="account-menu"
      >
        <ListSubheader disableSticky sx={{ lineHeight: 1.5, py: 1, minWidth: 220 }}>
          <Typography fontWeight={600} color="text.primary" data-testid="account-name">
            {label}
          </Typography>
          {user?.email && (
            <Typography variant="body2" color="text.secondary" data-testid="account-email">
              {user.email}
            </Typography>
          )}
        </ListSubheader>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onOpenAccount();
          }}
          data-testid="account-menu-account"
        >
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          {t('shell.account')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
          data-testid="account-menu-logout"
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('shell.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
