import type { Card, CardGroup } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { formatNumber } from '../lib/format';
import { CardFormDialog } from './card-form-dialog';
import { ChangeGroupDialog } from './change-group-dialog';
import { ImportCardsDialog } from './import-cards-dialog';

/** The dialog open on the cards screen: add or edit a card, change the group of some, or import a file. */
export type CardDialog =
  { kind: 'form'; card?: Card } | { kind: 'changeGroup'; cards: readonly Card[] } | { kind: 'import' };

export type CardDialogsProps = {
  dialog: CardDialog | null;
  groups: readonly CardGroup[];
  onClose: () => void;
  /** The dialog did its work; the message (if any) is the toast saying so. */
  onDone: (message?: string) => void;
};

// Each dialog is mounted only while open, so that it starts from the card (or the default group) every time.
export function CardDialogs({ dialog, groups, onClose, onDone }: CardDialogsProps) {
  const { t, i18n } = useTranslation();
  switch (dialog?.kind) {
    case undefined:
      return null;
    case 'form': {
      const editing = dialog.card !== undefined;
      return (
        <CardFormDialog
          card={dialog.card}
          groups={groups}
          onClose={onClose}
          onSaved={(card) =>
            onDone(t(editing ? 'cards.form.saved' : 'cards.form.added', { cardId: card.cardId }))
          }
        />
      );
    }
    case 'changeGroup':
      return (
        <ChangeGroupDialog
          cards={dialog.cards}
          groups={groups}
          onClose={onClose}
          onChanged={() => onDone()}
        />
      );
    case 'import':
      return (
        <ImportCardsDialog
          onClose={onClose}
          onImported={(count) =>
            onDone(t('cards.import.done', { count, total: formatNumber(i18n.language, count) }))
          }
        />
      );
  }
}
