import { DisplayLinksView } from '../../features/display/components/display-links-view';

/** display: the site's display links (the screen itself opens at /kiosk, without a login). */
export function DisplayRoute() {
  return <DisplayLinksView />;
}
