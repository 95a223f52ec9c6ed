import Typography from '@mui/material/Typography';
import type { SessionDetail } from '@plugboard/contract';
import { LineChart, type ChartPoint } from '../../../components/ui/line-chart';
import { useTranslation } from '../../../lib/i18n';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { formatNumber, formatTime } from '../lib/format';

export type SessionChartProps = { meterValues: SessionDetail['meterValues'] };

const powerColor = '#6366F1';
const energyColor = '#10B981';
/** Under this span the time axis shows seconds. */
const shortSpanMs = 10 * 60_000;

/** Power (kW, left axis) and energy (kWh, right axis) over the session, from its meter values. */
export function SessionChart({ meterValues }: SessionChartProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const series = (pick: (v: SessionDetail['meterValues'][number]) => number | null): ChartPoint[] =>
    meterValues.flatMap((value) => {
      const y = pick(value);
      return y === null ? [] : [{ x: Date.parse(value.at), y }];
    });
  const power = series((v) => v.powerKw);
  const energy = series((v) => v.energyKwh);
  if (power.length === 0 && energy.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="session-chart-empty">
        {t('sessions.chart.empty')}
      </Typography>
    );
  }
  const number = (value: number, decimals: number) => formatNumber(i18n.language, value, decimals);
  // The axis ticks a short session every few seconds: in hours and minutes alone, a 43 s session read the same
  // time on every tick.
  const times = [...power, ...energy].map((point) => point.x);
  const withSeconds = Math.max(...times) - Math.min(...times) < shortSpanMs;
  return (
    <LineChart
      testId="session-chart"
      ariaLabel={t('sessions.chart.title')}
      leftTitle="kW"
      rightTitle="kWh"
      formatX={(x) => formatTime(i18n.language, x, timeZone, withSeconds)}
      formatTick={(value) => number(value, 2)}
      series={[
        {
          id: 'power',
          label: t('sessions.chart.power'),
          color: powerColor,
          axis: 'left',
          points: power,
          format: (y) => t('sessions.units.kw', { value: number(y, 2) }),
        },
        {
          id: 'energy',
          label: t('sessions.chart.energy'),
          color: energyColor,
          axis: 'right',
          points: energy,
          format: (y) => t('sessions.units.kwh', { value: number(y, 3) }),
        },
      ]}
    />
  );
}
