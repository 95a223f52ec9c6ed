import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RecyclingIcon from '@mui/icons-material/Recycling';
import UndoIcon from '@mui/icons-material/Undo';
import type { Card } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';

export type CardRowAction = 'edit' | 'changeGroup' | 'recycle' | 'restore';

export type CardRowActionsProps = { card: Card; onAction: (action: CardRowAction) => void };

const icons = {
  edit: EditOutlinedIcon,
  changeGroup: DriveFileMoveOutlinedIcon,
  recycle: RecyclingIcon,
} as const;

/** An active card is edited, moved or recycled; a recycled one can only be restored (said in words: no icon fits). */
export function CardRowActions({ card, onAction }: CardRowActionsProps) {
  const { t } = useTranslation();
  if (card.status === 'recycled') {
    return (
      <Button
        size="small"
        startIcon={<UndoIcon fontSize="small" />}
        onClick={() => onAction('restore')}
        data-testid={`card-restore-${card.cardId}`}
      >
        {t('cards.actions.restore')}
      </Button>
    );
  }
  return (['edit', 'changeGroup', 'recycle'] as const).map((action) => {
    const Icon = icons[action];
    const label = t(`cards.actions.${action}`);
    return (
      <Tooltip key={action} title={label}>
        <IconButton
          size="small"
          aria-label={label}
          onClick={() => onAction(action)}
          data-testid={`card-${action}-${card.cardId}`}
        >
          <Icon fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  });
}

export type CardSelectProps = {
  card: Card;
  selected: boolean;
  onSelect: (ids: readonly number[], selected: boolean) => void;
};

/** The checkbox that selects one card for the bulk actions, in the table's row and on the phone's card. */
export function CardSelect({ card, selected, onSelect }: CardSelectProps) {
  const { t } = useTranslation();
  return (
    <Checkbox
      checked={selected}
      onChange={(event) => onSelect([card.id], event.target.checked)}
      slotProps={{
        input: {
          'aria-label': t('cards.select', { cardId: card.cardId }),
          'data-testid': `card-select-${card.cardId}`,
        } as object,
      }}
    />
  );
}
