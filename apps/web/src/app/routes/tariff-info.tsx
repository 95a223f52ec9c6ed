import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';

export function TariffInfoRoute() {
  const { t } = useTranslation();
  return <EmptyState title={t('routes.tariffInfo')} />;
}
