import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoadCharger, LoadReason } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { formatAmps, wiringLabel } from '../lib/format';

export type ChargerAllocationsProps = { chargers: LoadCharger[]; onEdit: (charger: LoadCharger) => void };

const reasonColor: Record<LoadReason, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  fairShare: 'primary',
  rated: 'success',
  notDrawing: 'info',
  paused: 'warning',
  rejectsProfiles: 'error',
  idle: 'default',
};

/** Each charger's share now, why, and its settings: a card each, two or three abreast on wide screens. */
export function ChargerAllocations({ chargers, onEdit }: ChargerAllocationsProps) {
  const { t, i18n } = useTranslation();
  const amps = (v: number) => t('load.units.amps', { value: formatAmps(i18n.language, v) });
  if (chargers.length === 0) return <Typography color="text.secondary">{t('load.chargers.none')}</Typography>;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          md: 'repeat(2, minmax(0, 1fr))',
          xl: 'repeat(3, minmax(0, 1fr))',
        },
      }}
    >
      {chargers.map((c) => (
        <Paper
          key={c.chargerId}
          variant="outlined"
          sx={{ p: 1.5 }}
          data-testid={`load-charger-${c.chargerId}`}
          data-limit={c.limitA ?? ''}
          data-reason={c.reason}
        >
          <Stack
            direction="row"
            alignItems="center"
            spacing={1}
            useFlexGap
            sx={{ mb: 0.5, flexWrap: 'wrap' }}
          >
            {/* Wraps on a phone beside a long reason (German, French) rather than cutting the product code. */}
            <Typography fontWeight={600} sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
              {c.alias}{' '}
              <Typography component="span" color="text.secondary" variant="body2">
                {c.productCode}
              </Typography>
            </Typography>
            <Chip size="small" color={reasonColor[c.reason]} label={t(`load.reasons.${c.reason}`)} />
          </Stack>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Typography variant="body2">
              {t('load.chargers.limit')}: <strong>{c.limitA === null ? '—' : amps(c.limitA)}</strong>
            </Typography>
            <Typography variant="body2">
              {t('load.chargers.measured')}:{' '}
              {c.measuredA === null
                ? '—'
                : c.measuredA
                    .slice(0, c.phases)
                    .map((v) => formatAmps(i18n.language, v))
                    .join(' / ')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('load.chargers.fallback')}: {amps(c.fallbackA)}
            </Typography>
          </Stack>
          <Stack
            direction="row"
            alignItems="center"
            spacing={2}
            useFlexGap
            sx={{ flexWrap: 'wrap', mt: 0.5 }}
          >
            <Typography variant="body2" color="text.secondary">
              {t('load.chargers.settings', {
                phases: c.phases,
                wiring: wiringLabel(c.wiring, c.phases),
                min: formatAmps(i18n.language, c.minA),
                max: formatAmps(i18n.language, c.ratedA),
              })}
              {c.rateUnit === 'W' ? ` · ${t('load.chargers.wattsOnly')}` : ''}
            </Typography>
            <Box sx={{ flex: 1 }} />
            <Button size="small" onClick={() => onEdit(c)} data-testid={`load-charger-edit-${c.chargerId}`}>
              {t('load.chargers.edit')}
            </Button>
          </Stack>
        </Paper>
      ))}
    </Box>
  );
}
