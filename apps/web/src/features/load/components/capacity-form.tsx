import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { loadCapacitySaveSchema, type LoadDetail } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useSaveLoadCapacity } from '../api/save-load-capacity';

export type CapacityFormProps = { detail: LoadDetail };

/** The site's phase count and its capacity per phase, in whole amperes. */
export function CapacityForm({ detail }: CapacityFormProps) {
  const { t } = useTranslation();
  const save = useSaveLoadCapacity();
  const [phases, setPhases] = useState<1 | 3>(detail.sitePhases);
  const [values, setValues] = useState(detail.capacityA.map((v) => (v > 0 ? String(v) : '')));
  const body = {
    phases,
    capacityL1: Number(values[0]),
    capacityL2: phases === 3 ? Number(values[1]) : null,
    capacityL3: phases === 3 ? Number(values[2]) : null,
  };
  const parsed = loadCapacitySaveSchema.safeParse({ stationId: 1, ...body });
  const bad = (k: number) =>
    values[k] !== undefined && !(Number.isInteger(Number(values[k])) && Number(values[k]) > 0);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      alignItems={{ sm: 'flex-start' }}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
    >
      <TextField
        select
        size="small"
        label={t('load.capacity.phases')}
        value={phases}
        onChange={(e) => setPhases(Number(e.target.value) as 1 | 3)}
        sx={{ minWidth: 140 }}
        slotProps={{ select: { native: true } }}
      >
        <option value={1}>{t('load.dialog.onePhase')}</option>
        <option value={3}>{t('load.dialog.threePhases')}</option>
      </TextField>
      {[0, 1, 2].slice(0, phases).map((k) => (
        <TextField
          key={k}
          size="small"
          label={t('load.capacity.phase', { phase: `L${k + 1}` })}
          value={values[k] ?? ''}
          onChange={(e) => setValues((v) => v.map((x, i) => (i === k ? e.target.value : x)))}
          error={bad(k)}
          helperText={bad(k) ? t('load.capacity.bad') : undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `load-capacity-${k}` } }}
          sx={{ width: { xs: '100%', sm: 120 } }}
        />
      ))}
      <Button
        variant="outlined"
        disabled={!parsed.success || save.isPending}
        onClick={() => void save.mutateAsync(body).catch(() => undefined)}
        data-testid="load-capacity-save"
      >
        {t('load.actions.save')}
      </Button>
    </Stack>
  );
}
