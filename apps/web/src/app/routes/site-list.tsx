import { SiteListView } from '../../features/sites/components/site-list-view';
import { useSiteSwitch } from '../use-site-switch';

export function SiteListRoute() {
  const switchSite = useSiteSwitch();
  return <SiteListView onSelect={(site) => void switchSite(site)} />;
}
