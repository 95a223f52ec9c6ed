import { Link as RouterLink, useLocation } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from '../../../lib/i18n';

/** The two screens of the feature, cards and card groups, as tabs that are links (bookmarkable, back button). */
export function CardsNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = pathname.startsWith('/cardGroup') ? '/cardGroup' : '/card/list';
  return (
    <Tabs value={current} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }} data-testid="cards-nav">
      <Tab
        value="/card/list"
        label={t('cards.nav.cards')}
        component={RouterLink}
        to="/card/list"
        data-testid="cards-nav-cards"
      />
      <Tab
        value="/cardGroup"
        label={t('cards.nav.groups')}
        component={RouterLink}
        to="/cardGroup"
        data-testid="cards-nav-groups"
      />
    </Tabs>
  );
}
