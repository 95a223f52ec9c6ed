import { Outlet, useLocation, useNavigate } from 'react-router';
import { ConsoleShell } from '../../components/layout/console-shell';
import { OverviewShell } from '../../components/layout/overview-shell';
import { TopBar } from '../../components/layout/top-bar';
import { useUserInfo } from '../../features/account/api/get-user-info';
import { useLogout } from '../../features/auth/api/logout';
import { SiteSearch } from '../../features/sites/components/site-search';
import { useSiteSwitch } from '../use-site-switch';

export function AuthenticatedLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const logout = useLogout();
  const switchSite = useSiteSwitch();

  const topBar = (
    <TopBar
      user={user}
      onOpenAccount={() => void navigate('/account')}
      onLogout={() => logout.mutate()}
      siteSearch={
        <SiteSearch
          onChoose={(site) => void switchSite(site)}
          onViewMore={() => void navigate('/siteManage/siteList')}
        />
      }
    />
  );
  if (pathname === '/overview') return <OverviewShell topBar={topBar}>{<Outlet />}</OverviewShell>;
  return <ConsoleShell topBar={topBar}>{<Outlet />}</ConsoleShell>;
}
