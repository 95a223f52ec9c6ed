import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { OverviewPeriod, OverviewTotals } from '@plugboard/contract';
import { useTranslation, type TranslationKey } from '../../../lib/i18n';
import {
  changeOf,
  formatCount,
  formatKwh,
  formatMinor,
  formatPercent,
  hoursMinutes,
  noValue,
} from '../lib/format';

export type FigureCardsProps = { data: OverviewPeriod };

type Figure = {
  id: keyof OverviewTotals;
  label: TranslationKey;
  show: (totals: OverviewTotals) => string;
  detail?: ReactNode;
};

/** The period's figures, each with its change against the previous period. */
export function FigureCards({ data }: FigureCardsProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = (minor: number) => formatMinor(lang, minor, data.currency, data.minorDigits);
  const kwh = (wh: number | null) =>
    wh === null ? noValue : t('overview.units.kwh', { value: formatKwh(lang, wh) });
  const figures: Figure[] = [
    { id: 'energyWh', label: 'overview.figures.energy', show: (x) => kwh(x.energyWh) },
    {
      id: 'grossMinor',
      label: 'overview.figures.revenue',
      show: (x) => money(x.grossMinor),
      detail: t('overview.figures.net', { value: money(data.totals.netMinor) }),
    },
    { id: 'sessions', label: 'overview.figures.sessions', show: (x) => formatCount(lang, x.sessions) },
    {
      id: 'averageDurationS',
      label: 'overview.figures.averageDuration',
      show: (x) =>
        x.averageDurationS === null
          ? noValue
          : t('overview.units.hoursMinutes', hoursMinutes(x.averageDurationS)),
    },
    { id: 'averageEnergyWh', label: 'overview.figures.averageEnergy', show: (x) => kwh(x.averageEnergyWh) },
    {
      id: 'utilisation',
      label: 'overview.figures.utilisation',
      show: (x) => (x.utilisation === null ? noValue : formatPercent(lang, x.utilisation)),
    },
    { id: 'distinctCards', label: 'overview.figures.cards', show: (x) => formatCount(lang, x.distinctCards) },
  ];
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)', lg: 'repeat(7, 1fr)' },
      }}
      data-testid="overview-figures"
    >
      {figures.map((f) => {
        const change = changeOf(data.totals[f.id], data.previousTotals[f.id]);
        return (
          <Paper
            key={f.id}
            variant="outlined"
            sx={{ p: 1.5, minWidth: 0 }}
            data-testid={`overview-figure-${f.id}`}
          >
            <Typography variant="caption" color="text.secondary" component="h3">
              {t(f.label)}
            </Typography>
            <Typography variant="h6" fontWeight={700} data-testid={`overview-figure-${f.id}-value`} noWrap>
              {f.show(data.totals)}
            </Typography>
            {f.detail && (
              <Typography variant="caption" display="block" data-testid={`overview-figure-${f.id}-detail`}>
                {f.detail}
              </Typography>
            )}
            <Typography
              variant="caption"
              display="block"
              color={
                change === null || change === 0
                  ? 'text.secondary'
                  : change > 0
                    ? 'success.main'
                    : 'error.main'
              }
              data-testid={`overview-figure-${f.id}-change`}
            >
              {change === null
                ? t('overview.figures.before', { value: f.show(data.previousTotals) })
                : t('overview.figures.change', {
                    change: `${change > 0 ? '+' : ''}${formatPercent(lang, change, 0)}`,
                    value: f.show(data.previousTotals),
                  })}
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}
