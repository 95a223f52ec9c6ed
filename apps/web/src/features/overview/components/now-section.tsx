import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChargerStatus, OverviewNow } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { formatCount } from '../lib/format';
import { OverviewCard } from './overview-card';

export type NowSectionProps = {
  now: OverviewNow;
  /** A charger status as the chargers list shows it (the route passes the chargers feature's chip). */
  renderStatus: (status: ChargerStatus) => ReactNode;
};

const chargersOf = (status: ChargerStatus) => `/chargeList?status=${status}`;
const share = (value: number, of: number) => (of > 0 ? Math.min(100, (value / of) * 100) : 0);

/** The site at this moment: chargers by status, power against capacity, what needs someone. */
export function NowSection({ now, renderStatus }: NowSectionProps) {
  const { t, i18n } = useTranslation();
  const number = (n: number, decimals = 1) =>
    new Intl.NumberFormat(i18n.language.replace('_', '-'), { maximumFractionDigits: decimals }).format(n);
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      data-testid="overview-now"
    >
      <OverviewCard title={t('overview.now.chargers', { count: now.chargers })} testId="overview-chargers">
        {now.byStatus.length === 0 ? (
          <Typography color="text.secondary">{t('overview.now.noChargers')}</Typography>
        ) : (
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            {now.byStatus.map(({ status, chargers }) => (
              <Box
                key={status}
                component={Link}
                to={chargersOf(status)}
                data-testid={`overview-status-${status}`}
                data-count={chargers}
                aria-label={t('overview.now.statusLink', { count: chargers })}
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 0.5,
                  textDecoration: 'none',
                  color: 'inherit',
                }}
              >
                {renderStatus(status)}
                <Typography component="span" fontWeight={700}>
                  {formatCount(i18n.language, chargers)}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
        <Typography sx={{ mt: 2 }} data-testid="overview-ongoing" data-count={now.ongoingSessions}>
          {t('overview.now.ongoing', { count: now.ongoingSessions })}
        </Typography>
      </OverviewCard>

      <OverviewCard title={t('overview.now.power')} testId="overview-power">
        <Typography variant="h4" component="p" fontWeight={700} data-testid="overview-power-now">
          {t('overview.units.kw', { value: number(now.powerW / 1000, 2) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('overview.now.ofCapacity', { value: number(now.capacityW / 1000, 2) })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={share(now.powerW, now.capacityW)}
          sx={{ my: 1, height: 8, borderRadius: 4 }}
          aria-label={t('overview.now.power')}
        />
        <Stack spacing={0.5}>
          {now.phases.map((p) => (
            <Box key={p.phase} data-testid={`overview-phase-${p.phase}`}>
              <Typography variant="body2">
                {t('overview.now.phase', {
                  phase: p.phase,
                  current: number(p.currentA),
                  capacity: number(p.capacityA, 0),
                })}
              </Typography>
              <LinearProgress
                variant="determinate"
                color={p.currentA > p.capacityA ? 'error' : 'primary'}
                value={share(p.currentA, p.capacityA)}
                sx={{ height: 4, borderRadius: 2 }}
                aria-label={p.phase}
              />
            </Box>
          ))}
        </Stack>
      </OverviewCard>

      <OverviewCard title={t('overview.now.attention')} testId="overview-attention">
        {now.attention.length === 0 ? (
          <Alert severity="success" variant="outlined">
            {t('overview.now.allWell')}
          </Alert>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 240, overflow: 'auto' }}>
            {now.attention.map((c) => (
              <ListItemButton
                key={c.chargerId}
                component={Link}
                to={chargersOf(c.status)}
                data-testid={`overview-attention-${c.chargerId}`}
                sx={{ gap: 1, px: 0.5 }}
              >
                {renderStatus(c.status)}
                <ListItemText
                  primary={c.alias === c.productCode ? c.alias : `${c.alias} (${c.productCode})`}
                  secondary={c.errorCode && c.errorCode !== 'NoError' ? c.errorCode : undefined}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </OverviewCard>
    </Box>
  );
}
