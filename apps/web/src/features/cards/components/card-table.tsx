import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Card, CardStatus } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { formatDate, noValue } from '../lib/format';
import { CardCards } from './card-cards';
import { CardRowActions, CardSelect, type CardRowAction } from './card-row-actions';

export type CardTableProps = {
  cards: readonly Card[];
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], selected: boolean) => void;
  onAction: (action: CardRowAction, card: Card) => void;
  /** The tab the rows come from. */
  status: CardStatus;
  /** Shown in the body when there are no rows (no cards, nothing found, or the list failed). */
  empty: ReactNode;
};

/** The last column is when the card was added, or in the recycled list when it was recycled. */
const columns = ['cardId', 'holder', 'group', 'email', 'subscribeReport'] as const;

/** A table of the cards; below `sm` a card for each, with what the table's row holds (card-cards.tsx). */
export function CardTable(props: CardTableProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return phone ? <CardCards {...props} /> : <CardWideTable {...props} />;
}

function CardWideTable({ cards, selected, onSelect, onAction, status, empty }: CardTableProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const checked = cards.filter((card) => selected.has(card.id)).length;
  const all = cards.length > 0 && checked === cards.length;
  const recycled = status === 'recycled';

  return (
    <Table size="small" data-testid="card-list">
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">
            <Checkbox
              checked={all}
              indeterminate={checked > 0 && !all}
              disabled={cards.length === 0}
              onChange={(event) =>
                onSelect(
                  cards.map((card) => card.id),
                  event.target.checked,
                )
              }
              slotProps={{
                input: { 'aria-label': t('cards.selectAll'), 'data-testid': 'card-select-all' } as object,
              }}
            />
          </TableCell>
          {columns.map((column) => (
            <TableCell key={column}>{t(`cards.columns.${column}`)}</TableCell>
          ))}
          <TableCell>{t(recycled ? 'cards.columns.recycledAt' : 'cards.columns.createdAt')}</TableCell>
          <TableCell align="right">{t('cards.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {cards.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length + 3} align="center" sx={{ py: 4 }}>
              {empty}
            </TableCell>
          </TableRow>
        )}
        {cards.map((card) => (
          <TableRow
            key={card.id}
            hover
            selected={selected.has(card.id)}
            data-testid={`card-row-${card.cardId}`}
          >
            <TableCell padding="checkbox">
              <CardSelect card={card} selected={selected.has(card.id)} onSelect={onSelect} />
            </TableCell>
            <TableCell sx={{ fontWeight: 600, fontFamily: 'monospace' }}>{card.cardId}</TableCell>
            <TableCell>{card.holder || noValue}</TableCell>
            <TableCell data-testid={`card-group-${card.cardId}`}>{card.groupName}</TableCell>
            <TableCell>{card.email || noValue}</TableCell>
            <TableCell>{t(card.subscribeReport ? 'cards.yes' : 'cards.no')}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(i18n.language, card.recycledAt ?? card.createdAt, timeZone)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <CardRowActions card={card} onAction={(action) => onAction(action, card)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
