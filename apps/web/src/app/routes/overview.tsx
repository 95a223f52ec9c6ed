import { useTranslation } from '../../lib/i18n';
import { EmptyState } from '../../components/ui/empty-state';

export function OverviewRoute() {
  const { t } = useTranslation();
  return <EmptyState title={t('routes.overview')} />;
}
