import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { cardLimits, type CardGroup } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';

export type CardFiltersProps = {
  text: string;
  onText: (text: string) => void;
  groupId: number;
  onGroup: (groupId: number) => void;
  groups: readonly CardGroup[];
};

/** The search box (card ID, holder or e-mail) and the group filter. */
export function CardFilters({ text, onText, groupId, onGroup, groups }: CardFiltersProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        size="small"
        value={text}
        onChange={(event) => onText(event.target.value)}
        placeholder={t('cards.search')}
        sx={{ minWidth: { md: 340 } }}
        slotProps={{
          htmlInput: {
            'aria-label': t('cards.search'),
            'data-testid': 'card-search',
            maxLength: cardLimits.keywordMax,
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={t('cards.groupFilter')}
        value={groupId}
        onChange={(event) => onGroup(Number(event.target.value))}
        sx={{ minWidth: 180 }}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'card-group-filter' },
        }}
      >
        <option value={0}>{t('cards.allGroups')}</option>
        {groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </TextField>
    </>
  );
}
