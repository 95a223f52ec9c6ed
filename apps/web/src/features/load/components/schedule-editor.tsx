import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { loadBandSchema, type LoadBand, type LoadDetail } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useSaveLoadSchedule } from '../api/save-load-schedule';
import { formatAmps } from '../lib/format';

export type ScheduleEditorProps = { detail: LoadDetail };

const allDays = [1, 2, 3, 4, 5, 6, 7];

/** Weekday names in the user's language, Monday first (1..7, as the schedule counts them). */
const dayNames = (lang: string) =>
  allDays.map((d) =>
    new Intl.DateTimeFormat(lang.replace('_', '-'), { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, d)), // 1 January 2024 was a Monday
    ),
  );

/** The capacity schedule: lower site limits on some weekdays and hours (peak shaving), in the site's zone. */
export function ScheduleEditor({ detail }: ScheduleEditorProps) {
  const { t, i18n } = useTranslation();
  const names = dayNames(i18n.language);
  const save = useSaveLoadSchedule();
  const [bands, setBands] = useState<LoadBand[]>(detail.bands);
  const [draft, setDraft] = useState({ days: [1, 2, 3, 4, 5], from: '17:00', to: '21:00', limitA: '' });
  const candidate = { ...draft, limitA: Number(draft.limitA) };
  const valid = draft.limitA.trim() !== '' && loadBandSchema.safeParse(candidate).success;
  const changed = JSON.stringify(bands) !== JSON.stringify(detail.bands);
  return (
    <Stack spacing={1.5} data-testid="load-schedule">
      <Typography variant="body2" color="text.secondary">
        {t('load.schedule.hint', { zone: detail.timeZone })}
      </Typography>
      {bands.length === 0 ? (
        <Typography color="text.secondary">{t('load.schedule.none')}</Typography>
      ) : (
        bands.map((b, i) => (
          <Stack key={i} direction="row" alignItems="center" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ minWidth: 0 }}>
              {b.days.map((d) => names[d - 1]).join(' ')} · {b.from}–{b.to} ·{' '}
              {t('load.units.amps', { value: formatAmps(i18n.language, b.limitA) })}
            </Typography>
            {detail.activeBand === i && !changed ? (
              <Chip size="small" color="primary" label={t('load.schedule.active')} />
            ) : null}
            <IconButton
              size="small"
              aria-label={t('load.schedule.remove')}
              onClick={() => setBands((all) => all.filter((_, k) => k !== i))}
            >
              ✕
            </IconButton>
          </Stack>
        ))
      )}
      <ToggleButtonGroup
        size="small"
        value={draft.days}
        onChange={(_, days: number[]) => setDraft((d) => ({ ...d, days: [...days].sort() }))}
        aria-label={t('load.schedule.days')}
        sx={{ flexWrap: 'wrap' }}
      >
        {allDays.map((d) => (
          <ToggleButton key={d} value={d} sx={{ px: 1 }}>
            {names[d - 1]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('load.schedule.from')}
          value={draft.from}
          onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          helperText="HH:MM"
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { 'data-testid': 'load-band-from' } }}
        />
        <TextField
          size="small"
          label={t('load.schedule.to')}
          value={draft.to}
          onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          helperText={t('load.schedule.toHint')}
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { 'data-testid': 'load-band-to' } }}
        />
        <TextField
          size="small"
          label={t('load.schedule.limit')}
          value={draft.limitA}
          onChange={(e) => setDraft((d) => ({ ...d, limitA: e.target.value }))}
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'load-band-limit' } }}
        />
        <Button
          disabled={!valid}
          onClick={() => setBands((all) => [...all, candidate])}
          data-testid="load-band-add"
        >
          {t('load.schedule.add')}
        </Button>
      </Stack>
      <Stack direction="row">
        <Button
          variant="contained"
          disabled={!changed || save.isPending}
          onClick={() => void save.mutateAsync(bands).catch(() => undefined)}
          data-testid="load-schedule-save"
        >
          {t('load.actions.saveSchedule')}
        </Button>
      </Stack>
    </Stack>
  );
}
