import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { CardStatus } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';

export type CardSelectionBarProps = {
  count: number;
  status: CardStatus;
  busy: boolean;
  onChangeGroup: () => void;
  onRecycle: () => void;
  onRestore: () => void;
  onClear: () => void;
};

/** What can be done to the selected cards at once; shown only while some are selected. */
export function CardSelectionBar({ count, status, busy, ...on }: CardSelectionBarProps) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={1}
      alignItems="center"
      sx={{ px: 2, py: 1, bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08) }}
      data-testid="card-selection-bar"
    >
      <Typography sx={{ flex: 1 }} data-testid="card-selection-count">
        {t('cards.selection.count', { count })}
      </Typography>
      {status === 'active' ? (
        <>
          <Button
            size="small"
            onClick={on.onChangeGroup}
            disabled={busy}
            data-testid="card-bulk-change-group"
          >
            {t('cards.actions.changeGroup')}
          </Button>
          <Button
            size="small"
            color="warning"
            onClick={on.onRecycle}
            disabled={busy}
            data-testid="card-bulk-recycle"
          >
            {t('cards.actions.recycle')}
          </Button>
        </>
      ) : (
        <Button size="small" onClick={on.onRestore} disabled={busy} data-testid="card-bulk-restore">
          {t('cards.actions.restore')}
        </Button>
      )}
      <Button size="small" color="inherit" onClick={on.onClear} data-testid="card-selection-clear">
        {t('cards.selection.clear')}
      </Button>
    </Stack>
  );
}
