import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { LoadCharger } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useEnableLoad } from '../api/enable-load';
import { useLoad } from '../api/get-load';
import { useLoadHistory } from '../api/get-load-history';
import { formatAmps, formatTimeIn } from '../lib/format';
import { CapacityForm } from './capacity-form';
import { ChargerAllocations } from './charger-allocations';
import { ChargerDialog } from './charger-dialog';
import { HistoryChart } from './history-chart';
import { LoadCard } from './load-card';
import { PhaseChart } from './phase-chart';
import { ScheduleEditor } from './schedule-editor';

/**
 * The load screen: load management on or off, the site's capacity and schedule, a live chart of each phase's
 * limit, allocation and measured current, and each charger's share with its reason.
 */
export function LoadView() {
  const { t, i18n } = useTranslation();
  const load = useLoad();
  const history = useLoadHistory();
  const enable = useEnableLoad();
  const [editing, setEditing] = useState<LoadCharger | null>(null);
  const d = load.data;
  if (!d) {
    return load.isError ? (
      <Alert severity="error">{t('load.loadFailed')}</Alert>
    ) : (
      <LinearProgress data-testid="load-loading" />
    );
  }
  const on = d.isOpenLoad === 1;
  const paused = d.chargers.filter((c) => c.reason === 'paused').length;
  const rejecting = d.chargers.filter((c) => c.rejectsProfiles).length;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1600, mx: 'auto' }} data-testid="load" data-on={on ? '1' : '0'}>
      <Stack direction="row" alignItems="center" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" fontWeight={700} sx={{ flex: 1 }}>
          {t('routes.load')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={on}
              disabled={enable.isPending}
              onChange={(e) => void enable.mutateAsync(e.target.checked ? 1 : 0).catch(() => undefined)}
              slotProps={{ input: { 'aria-label': t('load.switch') } }}
              data-testid="load-switch"
            />
          }
          label={on ? t('load.on') : t('load.off')}
        />
      </Stack>
      {!on ? <Alert severity="info">{t('load.offHint')}</Alert> : null}
      {on && paused > 0 ? (
        <Alert severity="warning" data-testid="load-paused">
          {t('load.pausedHint', { count: paused, minutes: d.rotationMinutes })}
          {d.nextChangeAt
            ? ` ${t('load.nextChange', { time: formatTimeIn(i18n.language, d.nextChangeAt, d.timeZone) })}`
            : ''}
        </Alert>
      ) : null}
      {rejecting > 0 ? <Alert severity="error">{t('load.rejectingHint', { count: rejecting })}</Alert> : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
        <LoadCard title={on ? t('load.chart.title') : t('load.chart.preview')} testId="load-phases" fill>
          <PhaseChart phases={d.phases} />
          {d.meter ? (
            <Typography variant="body2" color="text.secondary" data-testid="load-meter">
              {t('load.meter', {
                currents: d.meter.currentA
                  .slice(0, d.sitePhases)
                  .map((v) => t('load.units.amps', { value: formatAmps(i18n.language, v) }))
                  .join(' / '),
                time: formatTimeIn(i18n.language, d.meter.measuredAt, d.timeZone),
              })}
            </Typography>
          ) : null}
        </LoadCard>
        <Stack spacing={2}>
          <LoadCard title={t('load.capacity.title')}>
            <CapacityForm key={`${d.sitePhases}-${d.capacityA.join()}`} detail={d} />
          </LoadCard>
          <LoadCard title={t('load.schedule.title')}>
            <ScheduleEditor key={JSON.stringify(d.bands)} detail={d} />
          </LoadCard>
        </Stack>
      </Box>
      <LoadCard title={t('load.chargers.title')} testId="load-chargers">
        <ChargerAllocations chargers={d.chargers} onEdit={setEditing} />
      </LoadCard>
      <LoadCard title={t('load.history.title')}>
        {history.data ? (
          <HistoryChart history={history.data} phases={d.sitePhases} timeZone={d.timeZone} />
        ) : (
          <LinearProgress />
        )}
      </LoadCard>
      {editing ? <ChargerDialog charger={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
