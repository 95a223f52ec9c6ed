import type { Card } from '@plugboard/contract';
import { confirm } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useRecycleCards } from '../api/recycle-cards';
import { useRestoreCards } from '../api/restore-cards';

/** Recycle and restore, for one card or a selection: asked first, then a toast saying how many. */
export function useCardStatusActions(onDone: () => void) {
  const { t } = useTranslation();
  const recycleCards = useRecycleCards();
  const restoreCards = useRestoreCards();
  const done = (message: string) => {
    notify({ message, severity: 'success' });
    onDone();
  };

  const recycle = async (cards: readonly Card[]) => {
    const [first] = cards;
    if (!first) return;
    const count = cards.length;
    const confirmed = await confirm({
      title: t('cards.recycle.title', { count }),
      content: t('cards.recycle.content', { count, cardId: first.cardId }),
      confirmText: t('cards.actions.recycle'),
      type: 'warning',
    });
    if (!confirmed) return;
    recycleCards.mutate(
      { ids: cards.map((card) => card.id) },
      { onSuccess: () => done(t('cards.recycle.done', { count, cardId: first.cardId })) },
    );
  };

  const restore = (cards: readonly Card[]) => {
    const [first] = cards;
    if (!first) return;
    const count = cards.length;
    restoreCards.mutate(
      { ids: cards.map((card) => card.id) },
      { onSuccess: () => done(t('cards.restore.done', { count, cardId: first.cardId })) },
    );
  };

  return { recycle, restore, busy: recycleCards.isPending || restoreCards.isPending };
}
