import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { loadChargerSaveSchema, type LoadCharger } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useSaveLoadCharger } from '../api/save-load-charger';

export type ChargerDialogProps = { charger: LoadCharger; onClose: () => void };

type Phase = 1 | 2 | 3;

/** A charger's phase count, which site phase feeds each of its lines, and its minimum and maximum current. */
export function ChargerDialog({ charger, onClose }: ChargerDialogProps) {
  const { t } = useTranslation();
  // A phone's screen is filled: a centred box would leave no room for the keyboard.
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('md'));
  const save = useSaveLoadCharger();
  const [phases, setPhases] = useState<1 | 3>(charger.phases);
  const [wiring, setWiring] = useState<[Phase, Phase, Phase]>(charger.wiring);
  const [minA, setMinA] = useState(String(charger.minA));
  const [maxA, setMaxA] = useState(charger.maxA === null ? '' : String(charger.maxA));
  const body = {
    chargerId: charger.chargerId,
    phases,
    wiring,
    minA: Number(minA),
    maxA: maxA.trim() === '' ? null : Number(maxA),
  };
  const parsed = loadChargerSaveSchema.safeParse({ stationId: 1, ...body });
  const issue = (path: string) =>
    parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === path);
  const setLine = (k: number, p: Phase) =>
    setWiring((w) => w.map((x, i) => (i === k ? p : x)) as [Phase, Phase, Phase]);
  const submit = async () => {
    await save.mutateAsync(body);
    onClose();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
      data-testid="load-charger-dialog"
    >
      <DialogTitle>{t('load.dialog.title', { alias: charger.alias })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('load.dialog.phases')}
            value={phases}
            onChange={(e) => setPhases(Number(e.target.value) as 1 | 3)}
            slotProps={{ select: { native: true } }}
          >
            <option value={1}>{t('load.dialog.onePhase')}</option>
            <option value={3}>{t('load.dialog.threePhases')}</option>
          </TextField>
          {[0, 1, 2].slice(0, phases).map((k) => (
            <TextField
              key={k}
              select
              label={phases === 1 ? t('load.dialog.sitePhase') : t('load.dialog.line', { line: `L${k + 1}` })}
              value={wiring[k]}
              onChange={(e) => setLine(k, Number(e.target.value) as Phase)}
              error={k === 0 && issue('wiring') !== undefined}
              helperText={k === 0 && issue('wiring') ? t('load.dialog.wiringTwice') : undefined}
              slotProps={{ select: { native: true }, htmlInput: { 'data-testid': `load-wiring-${k}` } }}
            >
              {[1, 2, 3].map((p) => (
                <option key={p} value={p}>{`L${p}`}</option>
              ))}
            </TextField>
          ))}
          <TextField
            label={t('load.dialog.minA')}
            value={minA}
            onChange={(e) => setMinA(e.target.value)}
            error={issue('minA') !== undefined}
            helperText={issue('minA') ? t('load.dialog.badAmps') : t('load.dialog.minHint')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label={t('load.dialog.maxA')}
            value={maxA}
            onChange={(e) => setMaxA(e.target.value)}
            error={issue('maxA') !== undefined}
            helperText={
              issue('maxA') ? t('load.dialog.badMax') : t('load.dialog.maxHint', { rated: charger.ratedA })
            }
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('load.actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!parsed.success || save.isPending}
          onClick={() => void submit().catch(() => undefined)}
          data-testid="load-charger-save"
        >
          {t('load.actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
