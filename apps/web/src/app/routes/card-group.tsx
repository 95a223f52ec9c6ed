import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';

export function CardGroupRoute() {
  const { t } = useTranslation();
  return <EmptyState title={t('routes.cardGroup')} />;
}
