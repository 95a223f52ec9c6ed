import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';

export function SessionListRoute() {
  const { t } = useTranslation();
  return <EmptyState title={t('routes.sessionList')} />;
}
