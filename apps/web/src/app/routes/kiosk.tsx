import { useLocation } from 'react-router';
import { KioskScreen } from '../../features/display/components/kiosk-screen';

/** /kiosk#<display token>: the display screen a display link opens, without a login (docs/display.md). */
export function KioskRoute() {
  return <KioskScreen hash={useLocation().hash} />;
}
