import { useState } from 'react';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';
import { periodRange, periodShortcuts, shortcutOf, type LocalRange } from '../lib/period';
import { checkRange } from '../lib/range';

export type RangeFilterProps = {
  /** The range the list is showing. */
  applied: LocalRange;
  /** Called only with a range that passed the check: an end before the start never reaches the server. */
  onApply: (range: LocalRange) => void;
  /** The site's zone, in which the range is typed and shown (named beside it); the browser's when not given. */
  timeZone?: string;
};

/** Start time range of the list, in the site's time zone (named beside it), with the report period shortcuts. */
export function RangeFilter({ applied, onApply, timeZone }: RangeFilterProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(applied);
  const [shown, setShown] = useState(applied);
  const [sent, setSent] = useState<LocalRange | null>(null);
  // The URL changed under us (back button, "clear"): the fields follow it. Our own apply arriving later must not
  // undo what was typed meanwhile (a start applied, then an end being typed).
  if (shown.from !== applied.from || shown.to !== applied.to) {
    setShown(applied);
    if (sent?.from !== applied.from || sent.to !== applied.to) setDraft(applied);
  }
  const errors = checkRange(draft.from, draft.to);
  const active = shortcutOf(draft, new Date(), timeZone);

  const change = (next: LocalRange) => {
    setDraft(next);
    if (Object.keys(checkRange(next.from, next.to)).length > 0) return;
    setSent(next);
    onApply(next);
  };

  const field = (name: 'from' | 'to') => {
    const error = errors[name];
    return (
      <TextField
        type="datetime-local"
        size="small"
        label={t(`sessions.filters.${name}`)}
        value={draft[name]}
        onChange={(event) => change({ ...draft, [name]: event.target.value })}
        error={error !== undefined}
        helperText={error ? t(`sessions.filters.${error}`) : undefined}
        sx={{ width: 230 }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': `session-filter-${name}` },
          formHelperText: { 'data-testid': `session-filter-${name}-message`, role: 'alert' } as object,
        }}
      />
    );
  };

  return (
    <Stack direction="row" spacing={1.5} useFlexGap alignItems="flex-start" sx={{ flexWrap: 'wrap' }}>
      {field('from')}
      {field('to')}
      <ButtonGroup size="small" sx={{ height: 40 }} aria-label={t('sessions.filters.period')}>
        {periodShortcuts.map((shortcut) => (
          <Button
            key={shortcut}
            variant={active === shortcut ? 'contained' : 'outlined'}
            onClick={() => change(periodRange(shortcut, new Date(), timeZone))}
            data-testid={`session-period-${shortcut}`}
          >
            {t(`sessions.filters.${shortcut}`)}
          </Button>
        ))}
      </ButtonGroup>
      {timeZone && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ alignSelf: 'center' }}
          data-testid="session-time-zone"
          data-zone={timeZone}
        >
          {t('sessions.filters.timeZone', { zone: timeZone })}
        </Typography>
      )}
    </Stack>
  );
}
