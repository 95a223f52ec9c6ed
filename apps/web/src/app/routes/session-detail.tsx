import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';

export function SessionDetailRoute() {
  const { t } = useTranslation();
  return <EmptyState title={t('routes.sessionDetail')} />;
}
