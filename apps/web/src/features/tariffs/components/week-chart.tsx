import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { weekdays } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { daySegments, timeOf, type BandTimes } from '../lib/bands';
import { weekdayNames } from '../lib/weekdays';

export type WeekChartProps = {
  bands: readonly (BandTimes & { energyPrice: string })[];
  basePrice: string;
  currency: string;
};

/** Band colours, cycled: distinct enough side by side, all readable against white. */
export const bandColors = [
  '#6366F1',
  '#F59E0B',
  '#10B981',
  '#F43F5E',
  '#0EA5E9',
  '#8B5CF6',
  '#84CC16',
  '#F97316',
];
export const bandColor = (index: number) => bandColors[index % bandColors.length] ?? '#6366F1';
const baseColor = '#E5E7EB';

const labelWidth = 44;
const hourWidth = 28;
const rowHeight = 24;
const top = 18;
const width = labelWidth + 24 * hourWidth + 16; // room for the last hour label
const height = top + 7 * (rowHeight + 4);

/** Monday to Sunday by the hour: which band applies when (grey: the base prices). */
export function WeekChart({ bands, basePrice, currency }: WeekChartProps) {
  const { t, i18n } = useTranslation();
  const names = weekdayNames(i18n.language, 'short');
  const x = (minute: number) => labelWidth + (minute / 60) * hourWidth;
  const label = (band: number | null) =>
    band === null ? t('tariff.week.base') : t('tariff.bands.name', { number: band + 1 });
  const price = (band: number | null) => (band === null ? basePrice : (bands[band]?.energyPrice ?? ''));

  return (
    <Box data-testid="tariff-week-chart">
      <Box
        component="svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t('tariff.week.title')}
        sx={{ width: '100%', height: 'auto', display: 'block', fontSize: 10, fontFamily: 'inherit' }}
      >
        {Array.from({ length: 9 }, (_, i) => i * 3).map((hour) => (
          <text key={hour} x={x(hour * 60)} y={11} textAnchor="middle" fill="#6b7280">
            {timeOf(hour * 60)}
          </text>
        ))}
        {weekdays.map((day, row) => {
          const y = top + row * (rowHeight + 4);
          return (
            <g key={day}>
              <text x={labelWidth - 6} y={y + rowHeight / 2 + 4} textAnchor="end" fill="#374151">
                {names[day - 1]}
              </text>
              {daySegments(bands, day).map((segment) => (
                <rect
                  key={segment.from}
                  x={x(segment.from)}
                  y={y}
                  width={x(segment.to) - x(segment.from)}
                  height={rowHeight}
                  fill={segment.band === null ? baseColor : bandColor(segment.band)}
                  data-testid={`tariff-week-${day}-${timeOf(segment.from)}`}
                  data-band={segment.band ?? 'base'}
                >
                  <title>
                    {`${names[day - 1]} ${timeOf(segment.from)}–${timeOf(segment.to)} · ${label(segment.band)} · ${price(segment.band)} ${currency}/kWh`}
                  </title>
                </rect>
              ))}
              {Array.from({ length: 23 }, (_, i) => i + 1).map((hour) => (
                <line
                  key={hour}
                  x1={x(hour * 60)}
                  x2={x(hour * 60)}
                  y1={y}
                  y2={y + rowHeight}
                  stroke="#fff"
                  strokeOpacity={hour % 6 === 0 ? 0.9 : 0.45}
                />
              ))}
            </g>
          );
        })}
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        {[null, ...bands.map((_, i) => i)].map((band) => (
          <Stack key={band ?? 'base'} direction="row" spacing={0.75} alignItems="center">
            <Box
              sx={{
                width: 12,
                height: 12,
                borderRadius: 0.5,
                bgcolor: band === null ? baseColor : bandColor(band),
              }}
            />
            <Typography variant="body2">
              {label(band)}
              {price(band) && ` · ${price(band)} ${currency}/kWh`}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
