import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';

export function OverviewRoute() {
  const { t } = useTranslation();
  return <EmptyState title={t('routes.overview')} />;
}
