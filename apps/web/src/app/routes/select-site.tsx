import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { Site } from '@plugboard/contract';
import { useUserInfo } from '../../features/account/api/get-user-info';
import { SitePicker } from '../../features/sites/components/site-picker';
import { returnPath } from '../require-site';
import { useSiteSwitch } from '../use-site-switch';

/**
 * After login: pick a site, or go on at once (no site yet: add one; the remembered one: enter it). Sent here from
 * a site's page (require-site.tsx) or from a page opened before login, it goes back to that page; else to the
 * overview.
 */
export function SelectSiteRoute() {
  const navigate = useNavigate();
  const next = returnPath(useLocation().state) ?? '/overview';
  const user = useUserInfo();
  const switchSite = useSiteSwitch();
  const email = user.isPending ? undefined : (user.data?.email ?? null);

  const choose = useCallback(
    async (site: Site) => {
      await switchSite(site, { reload: false });
      await navigate(next, { replace: true });
    },
    [navigate, next, switchSite],
  );

  return (
    <Box
      component="main"
      data-testid="select-site-page"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Paper elevation={0} sx={{ width: '100%', maxWidth: 560, p: 4, border: 1, borderColor: 'divider' }}>
        <SitePicker
          email={email}
          onChoose={(site) => void choose(site)}
          onNoSites={() => void navigate('/add-site', { replace: true })}
          onAdd={() => void navigate('/add-site')}
        />
      </Paper>
    </Box>
  );
}
