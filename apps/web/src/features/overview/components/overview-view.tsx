import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChargerStatus } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useOverviewNow } from '../api/get-overview-now';
import { useOverviewPeriod } from '../api/get-overview-period';
import { formatRange, todayIn } from '../lib/format';
import { readPeriodChoice, writePeriodChoice } from '../lib/period-choice';
import { sessionListLink } from '../lib/session-list-link';
import { FigureCards } from './figure-cards';
import { NowSection } from './now-section';
import { PeriodCharts } from './period-charts';
import { PeriodPicker } from './period-picker';
import { TopLists } from './top-lists';

export type OverviewViewProps = {
  /** Whether "now" follows the live socket (the route passes the chargers feature's indicator). */
  liveIndicator?: ReactNode;
  renderStatus: (status: ChargerStatus) => ReactNode;
};

/** The landing page: the site now, then a period's figures against the period before. */
export function OverviewView({ liveIndicator, renderStatus }: OverviewViewProps) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const choice = readPeriodChoice(params);
  const now = useOverviewNow();
  const period = useOverviewPeriod(choice);
  const data = period.data;
  const timeZone = data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <Stack spacing={3} sx={{ maxWidth: 1600, mx: 'auto' }} data-testid="overview">
      <Stack direction="row" spacing={2} alignItems="center" sx={{ flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h5" component="h1" fontWeight={700}>
          {t('overview.now.title')}
        </Typography>
        {liveIndicator}
      </Stack>
      {now.data ? (
        <NowSection now={now.data} renderStatus={renderStatus} />
      ) : now.isError ? (
        <Alert severity="error">{t('overview.loadFailed')}</Alert>
      ) : (
        <LinearProgress data-testid="overview-now-loading" />
      )}

      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        alignItems={{ xs: 'stretch', md: 'center' }}
        sx={{ pt: 1 }}
      >
        <Typography variant="h5" component="h1" fontWeight={700} sx={{ flex: 1 }}>
          {t('overview.period.title')}
        </Typography>
        <PeriodPicker
          choice={choice}
          today={todayIn(timeZone)}
          onChange={(next) => setParams(writePeriodChoice(params, next), { replace: true })}
        />
      </Stack>
      {data ? (
        <Box sx={{ opacity: period.isPlaceholderData ? 0.6 : 1 }} data-testid="overview-period-data">
          <Stack spacing={2}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={{ xs: 0.5, sm: 2 }}
              sx={{ justifyContent: 'space-between' }}
            >
              <Typography variant="body2" color="text.secondary" data-testid="overview-range">
                {t('overview.period.range', {
                  range: formatRange(i18n.language, data.period, data.timeZone),
                  previous: formatRange(i18n.language, data.previous, data.timeZone),
                  zone: data.timeZone,
                })}
              </Typography>
              <Link
                component={RouterLink}
                to={sessionListLink(data.period)}
                variant="body2"
                data-testid="overview-session-list-link"
              >
                {t('overview.period.sessionList')}
              </Link>
            </Stack>
            <FigureCards data={data} />
            <PeriodCharts data={data} />
            <TopLists data={data} />
          </Stack>
        </Box>
      ) : period.isError ? (
        <Alert severity="error">{t('overview.loadFailed')}</Alert>
      ) : (
        <LinearProgress data-testid="overview-period-loading" />
      )}
    </Stack>
  );
}
