import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { paymentMethods, priceModels, type PriceModel, type Tariff } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useForm } from '../../../lib/use-form';
import { useSaveTariff } from '../api/save-tariff';
import {
  parseTariffForm,
  validateTariff,
  type TariffFormValues,
  type ValidationMessage,
} from '../lib/tariff-form';
import { BandsEditor } from './bands-editor';
import { FormSection } from './form-section';
import { MarginTable } from './margin-table';
import { PriceField } from './price-field';
import type { TariffSite } from './tariff-view';
import { WeekChart } from './week-chart';

export type TariffFormProps = {
  stationId: number;
  site: TariffSite;
  initial: TariffFormValues;
  onSaved: (tariff: Tariff) => void;
};

/** Messages show once the operator tried to save and then follow the typing; overlaps show at once. */
export function TariffForm({ stationId, site, initial, onSaved }: TariffFormProps) {
  const { t } = useTranslation();
  const form = useForm(initial, parseTariffForm);
  const { values, setValue: set, submitted } = form;
  const save = useSaveTariff(stationId);
  // Read here, not from the form: overlaps show at once, the other messages once a save was tried.
  const errors = validateTariff(values);
  const message = (m: ValidationMessage | undefined) =>
    submitted && m ? t(`tariff.validation.${m.key}`, m.values) : undefined;
  const timeOfUse = values.priceModel === 'timeOfUse';

  const onSubmit = form.onSubmit((body) => save.mutate(body, { onSuccess: onSaved }));

  const price = (
    key: 'energyPrice' | 'timePrice' | 'idlePrice' | 'startFee',
    unit: string,
    hint?: string,
  ) => (
    <PriceField
      label={t(`tariff.prices.${key}`)}
      value={values[key]}
      onChange={(value) => set(key, value)}
      unit={unit}
      error={message(errors.fields[key])}
      helperText={hint ?? ' '}
      testId={`tariff-${key}`}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid="tariff-form">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          // minmax(0, …): a column never grows past the screen for a wide child (the margin table in German on a phone).
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2}>
          <FormSection title={t('tariff.priceModel.title')}>
            <ToggleButtonGroup
              exclusive
              color="primary"
              size="small"
              value={values.priceModel}
              onChange={(_event, model: PriceModel | null) => model && set('priceModel', model)}
              data-testid="tariff-price-model"
            >
              {priceModels.map((model) => (
                <ToggleButton key={model} value={model} data-testid={`tariff-price-model-${model}`}>
                  {t(`tariff.priceModel.${model}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </FormSection>
          <FormSection
            title={t(timeOfUse ? 'tariff.prices.baseTitle' : 'tariff.prices.title')}
            hint={timeOfUse ? t('tariff.prices.baseHint') : undefined}
          >
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {price('energyPrice', `${site.currency}/kWh`)}
              {price('timePrice', `${site.currency}/min`)}
              {price('idlePrice', `${site.currency}/min`, t('tariff.prices.idleHint'))}
              {price('startFee', site.currency)}
            </Box>
          </FormSection>
          <FormSection title={t('tariff.vat.title')}>
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                alignItems: 'start',
              }}
            >
              <FormControlLabel
                control={
                  <Checkbox
                    {...form.checkbox('pricesIncludeVat')}
                    slotProps={{ input: { 'data-testid': 'tariff-prices-include-vat' } as object }}
                  />
                }
                label={t('tariff.vat.pricesIncludeVat')}
              />
              <PriceField
                label={t('tariff.vat.rate')}
                value={values.vatRate}
                onChange={(value) => set('vatRate', value)}
                unit="%"
                error={message(errors.fields.vatRate)}
                helperText=" "
                testId="tariff-vat-rate"
              />
            </Box>
          </FormSection>
          <FormSection title={t('tariff.payment.title')} hint={t('tariff.payment.hint')}>
            <FormGroup row>
              {paymentMethods.map((method) => (
                <FormControlLabel
                  key={method}
                  label={t(`tariff.payment.${method}`)}
                  control={
                    <Checkbox
                      checked={values.paymentMethods.includes(method)}
                      onChange={(event) =>
                        set(
                          'paymentMethods',
                          event.target.checked
                            ? paymentMethods.filter((m) => m === method || values.paymentMethods.includes(m))
                            : values.paymentMethods.filter((m) => m !== method),
                        )
                      }
                      slotProps={{ input: { 'data-testid': `tariff-payment-${method}` } as object }}
                    />
                  }
                />
              ))}
            </FormGroup>
          </FormSection>
        </Stack>
        <FormSection title={t('tariff.margin.title')} hint={t('tariff.margin.hint')}>
          <MarginTable values={values} site={site} />
        </FormSection>
      </Box>
      {timeOfUse && (
        <Stack spacing={2} sx={{ mt: 2 }}>
          <FormSection
            title={t('tariff.bands.title')}
            hint={t('tariff.bands.hint', { timeZone: site.timeZone })}
          >
            <BandsEditor
              bands={values.bands}
              errors={errors.bands}
              listError={errors.fields.bands}
              showErrors={submitted}
              currency={site.currency}
              onChange={(bands) => set('bands', bands)}
            />
          </FormSection>
          <FormSection title={t('tariff.week.title')} hint={t('tariff.week.hint')}>
            <WeekChart bands={values.bands} basePrice={values.energyPrice} currency={site.currency} />
          </FormSection>
        </Stack>
      )}
      <Stack direction="row" justifyContent="flex-end" sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="tariff-save">
          {t('tariff.save')}
        </Button>
      </Stack>
    </Box>
  );
}
