import type { SvgIconComponent } from '@mui/icons-material';
import BatteryChargingFullIcon from '@mui/icons-material/BatteryChargingFull';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EvStationIcon from '@mui/icons-material/EvStation';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SpeedIcon from '@mui/icons-material/Speed';
import TvIcon from '@mui/icons-material/Tv';
import type { TranslationKey } from '../../lib/i18n';

export type MenuItem = { path: string; labelKey: TranslationKey; icon: SvgIconComponent; testId: string };

const item = (path: string, labelKey: TranslationKey, icon: SvgIconComponent): MenuItem => ({
  path,
  labelKey,
  icon,
  testId: `menu-item-${path.slice(1).replaceAll('/', '-')}`,
});

/** The seven entries of spec section 2, in menu order. */
export const menuItems: readonly MenuItem[] = [
  item('/overview', 'menu.overview', DashboardIcon),
  item('/chargeList', 'menu.chargers', EvStationIcon),
  item('/sessionList', 'menu.sessions', BatteryChargingFullIcon),
  item('/card/list', 'menu.cards', CreditCardIcon),
  item('/tariffInfo', 'menu.tariff', ReceiptLongIcon),
  item('/load', 'menu.load', SpeedIcon),
  item('/display', 'menu.display', TvIcon),
];

/** Spec section 2: an entry is active only when the current path is exactly its path. */
export const isActivePath = (item: MenuItem, pathname: string): boolean => pathname === item.path;
