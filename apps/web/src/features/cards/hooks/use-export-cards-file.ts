import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useExportCards } from '../api/export-cards';
import { cardsToCsv } from '../lib/card-csv';
import { formatNumber } from '../lib/format';
import type { CardListParams } from '../lib/list-params';
import { downloadText } from '../lib/read-text-file';

/** Downloads every card of the filter as a CSV file that the import reads back. */
export function useExportCardsFile() {
  const { t, i18n } = useTranslation();
  const exportCards = useExportCards();
  const download = (params: CardListParams) =>
    exportCards.mutate(params, {
      onSuccess: (cards) => {
        const day = new Date().toISOString().slice(0, 10);
        downloadText(cardsToCsv(cards), `cards-${params.status}-${day}.csv`);
        notify({
          message: t('cards.export.done', {
            count: cards.length,
            total: formatNumber(i18n.language, cards.length),
          }),
          severity: 'success',
        });
      },
    });
  return { download, isPending: exportCards.isPending };
}
