import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { chargingSessionStatuses, type ChargingSessionStatus } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { SessionListParams } from '../lib/list-params';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { RangeFilter } from './range-filter';

/** A charger the list can be filtered by (the route reads them from the chargers feature). */
export type ChargerOption = { id: number; label: string };

export type SessionFiltersProps = {
  params: SessionListParams;
  chargers: readonly ChargerOption[];
  onChange: (change: Partial<SessionListParams>) => void;
};

const cardIdMax = 20;

export function SessionFilters({ params, chargers, onChange }: SessionFiltersProps) {
  const { t } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  // The typed card ID reaches the URL (and the server) 300 ms after the typing stops.
  const [cardId, setCardId] = useState(params.cardId);
  const typed = useDebouncedValue(cardId, 300);
  const applied = useRef(typed);
  useEffect(() => {
    if (applied.current === typed) return;
    applied.current = typed;
    onChange({ cardId: typed, pageNum: 1 });
  }, [typed, onChange]);
  // Clearing also drops a range being typed that never reached the URL.
  const [resets, setResets] = useState(0);
  const filtered = params.from || params.to || params.chargerId !== null || params.cardId || params.status;

  return (
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      alignItems="flex-start"
      sx={{ flexWrap: 'wrap' }}
      data-testid="session-filters"
    >
      <RangeFilter
        key={resets}
        applied={{ from: params.from, to: params.to }}
        onApply={(range) => onChange({ ...range, pageNum: 1 })}
        timeZone={timeZone}
      />
      <TextField
        select
        size="small"
        label={t('sessions.filters.charger')}
        value={params.chargerId === null ? '' : String(params.chargerId)}
        onChange={(event) =>
          onChange({ chargerId: event.target.value ? Number(event.target.value) : null, pageNum: 1 })
        }
        sx={{ width: 200 }}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'session-filter-charger' },
        }}
      >
        <option value="">{t('sessions.filters.allChargers')}</option>
        {chargers.map((charger) => (
          <option key={charger.id} value={charger.id}>
            {charger.label}
          </option>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t('sessions.filters.cardId')}
        value={cardId}
        onChange={(event) => setCardId(event.target.value)}
        sx={{ width: 150 }}
        slotProps={{ htmlInput: { 'data-testid': 'session-filter-card', maxLength: cardIdMax } }}
      />
      <TextField
        select
        size="small"
        label={t('sessions.filters.status')}
        value={params.status}
        onChange={(event) =>
          onChange({ status: event.target.value as ChargingSessionStatus | '', pageNum: 1 })
        }
        sx={{ minWidth: 140 }}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'session-filter-status' },
        }}
      >
        <option value="">{t('sessions.filters.allStatuses')}</option>
        {chargingSessionStatuses.map((status) => (
          <option key={status} value={status}>
            {t(`sessions.status.${status}`)}
          </option>
        ))}
      </TextField>
      {filtered && (
        <Button
          sx={{ height: 40 }}
          onClick={() => {
            setCardId('');
            applied.current = '';
            setResets((count) => count + 1);
            onChange({ from: '', to: '', chargerId: null, cardId: '', status: '', pageNum: 1 });
          }}
          data-testid="session-filter-clear"
        >
          {t('sessions.filters.clear')}
        </Button>
      )}
    </Stack>
  );
}
