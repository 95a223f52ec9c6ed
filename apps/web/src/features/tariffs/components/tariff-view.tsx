import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Site, Tariff } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useTariff } from '../api/get-tariff';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { formatDateTime } from '../lib/format';
import { defaultTariffForm, tariffToForm } from '../lib/tariff-form';
import { TariffForm } from './tariff-form';

/** What the tariff screen needs of the site: its currency and zone, and its own cost per kWh. */
export type TariffSite = Pick<Site, 'currency' | 'timeZone' | 'fixedCost' | 'fixedCostIncludesVat'>;

export type TariffViewProps = {
  stationId: number;
  /** undefined while the site loads. */
  site: TariffSite | undefined;
  siteFailed: boolean;
  onRetrySite: () => void;
};

/** The site's one tariff: loading, failure, "not priced yet", and the form (a save makes a new version). */
export function TariffView({ stationId, site, siteFailed, onRetrySite }: TariffViewProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const tariff = useTariff(stationId);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const failed = tariff.isError || siteFailed;

  const onSaved = (saved: Tariff) => {
    setSavedAt(saved.id);
    notify({ message: t('tariff.saved'), severity: 'success' });
  };

  return (
    <Box component="section" data-testid="tariff-page">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        alignItems={{ md: 'center' }}
        sx={{ mb: 2 }}
      >
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('tariff.title')}
        </Typography>
        {site && (
          <Stack direction="row" spacing={1}>
            <Chip label={t('tariff.currency', { currency: site.currency })} data-testid="tariff-currency" />
            <Chip label={t('tariff.timeZone', { timeZone: site.timeZone })} data-testid="tariff-time-zone" />
          </Stack>
        )}
      </Stack>
      {!failed && (tariff.isPending || !site) && (
        <Box data-testid="tariff-loading">
          <LinearProgress />
        </Box>
      )}
      {failed && (
        <Alert
          severity="error"
          data-testid="tariff-error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                if (tariff.isError) void tariff.refetch();
                if (siteFailed) onRetrySite();
              }}
            >
              {t('tariff.retry')}
            </Button>
          }
        >
          {t('tariff.loadFailed')}
        </Alert>
      )}
      {!failed && site && tariff.isSuccess && (
        <Stack spacing={2}>
          {tariff.data === null && (
            <Alert severity="info" data-testid="tariff-empty">
              {t('tariff.empty')}
            </Alert>
          )}
          {tariff.data && savedAt === tariff.data.id && (
            <Alert severity="success" data-testid="tariff-saved-note" onClose={() => setSavedAt(null)}>
              {t('tariff.appliesFromNow')}
            </Alert>
          )}
          {tariff.data && (
            <Typography variant="body2" color="text.secondary" data-testid="tariff-version">
              {t('tariff.version', {
                id: tariff.data.id,
                at: formatDateTime(i18n.language, tariff.data.updatedAt, timeZone),
              })}
            </Typography>
          )}
          <TariffForm
            // A saved version reloads the form from what the server kept.
            key={tariff.data?.id ?? 'new'}
            stationId={stationId}
            site={site}
            initial={tariff.data ? tariffToForm(tariff.data) : defaultTariffForm()}
            onSaved={onSaved}
          />
        </Stack>
      )}
    </Box>
  );
}
