import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { formatDate } from '../lib/format';
import { CardRowActions, CardSelect } from './card-row-actions';
import type { CardTableProps } from './card-table';

/**
 * Below `sm`: a card per RFID card, the card id, its group and its actions in sight, then the holder, the e-mail, the
 * charging report and the date, with "select all" above the list. The same test ids as the table's rows.
 */
export function CardCards({ cards, selected, onSelect, onAction, status, empty }: CardTableProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const checked = cards.filter((card) => selected.has(card.id)).length;
  const all = cards.length > 0 && checked === cards.length;
  const dateLabel = t(status === 'recycled' ? 'cards.columns.recycledAt' : 'cards.columns.createdAt');
  return (
    <Box data-testid="card-list">
      <Box sx={{ px: 1, py: 0.5 }}>
        <FormControlLabel
          label={t('cards.selectAll')}
          disabled={cards.length === 0}
          slotProps={{ typography: { variant: 'body2' } }}
          control={
            <Checkbox
              checked={all}
              indeterminate={checked > 0 && !all}
              onChange={(event) =>
                onSelect(
                  cards.map((card) => card.id),
                  event.target.checked,
                )
              }
              slotProps={{ input: { 'data-testid': 'card-select-all' } as object }}
            />
          }
        />
      </Box>
      <List disablePadding sx={{ borderTop: 1, borderColor: 'divider' }}>
        {cards.length === 0 && <ListItem sx={{ justifyContent: 'center', py: 4 }}>{empty}</ListItem>}
        {cards.map((card) => (
          <ListItem
            key={card.id}
            divider
            data-testid={`card-row-${card.cardId}`}
            sx={{ display: 'block', px: 1, bgcolor: selected.has(card.id) ? 'action.selected' : undefined }}
          >
            <Stack direction="row" alignItems="center" spacing={0.5}>
              <CardSelect card={card} selected={selected.has(card.id)} onSelect={onSelect} />
              <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography sx={{ fontWeight: 600, fontFamily: 'monospace' }}>{card.cardId}</Typography>
                <Typography variant="body2" color="text.secondary" data-testid={`card-group-${card.cardId}`}>
                  {card.groupName}
                </Typography>
              </Box>
              <Box sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                <CardRowActions card={card} onAction={(action) => onAction(action, card)} />
              </Box>
            </Stack>
            <Box sx={{ pl: 5.5, overflowWrap: 'anywhere' }}>
              {(card.holder || card.email) && (
                <Typography variant="body2">
                  {[card.holder, card.email].filter(Boolean).join(' · ')}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {`${t('cards.columns.subscribeReport')}: ${t(card.subscribeReport ? 'cards.yes' : 'cards.no')} · `}
                {`${dateLabel} ${formatDate(i18n.language, card.recycledAt ?? card.createdAt, timeZone)}`}
              </Typography>
            </Box>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
