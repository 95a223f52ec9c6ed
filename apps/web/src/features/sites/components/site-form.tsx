import { useMemo, type FormEvent, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { currencies, type Site, type SiteFields } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useForm } from '../../../lib/use-form';
import {
  emptySiteForm,
  parseSiteForm,
  siteToForm,
  type SiteFormField,
  type SiteFormValues,
} from '../lib/site-form';

/** 'add' creates a site; 'edit' changes one (its currency locked); 'view' shows one, read-only. */
export type SiteFormMode = 'add' | 'edit' | 'view';

export type SiteFormProps = {
  mode: SiteFormMode;
  site?: Site;
  submitting?: boolean;
  onSubmit?: (fields: SiteFields) => void;
  onCancel?: () => void;
  /** Extra buttons beside submit/cancel (e.g. "edit" on the read-only view). */
  actions?: ReactNode;
};

type TextFieldName = {
  [K in SiteFormField]: SiteFormValues[K] extends string ? K : never;
}[SiteFormField];

const testId = (field: string) => `site-form-${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

function timeZones(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

export function SiteForm({ mode, site, submitting = false, onSubmit, onCancel, actions }: SiteFormProps) {
  const { t } = useTranslation();
  const form = useForm(site ? siteToForm(site) : emptySiteForm(), parseSiteForm, {
    message: ({ key, values }) => t(`sites.validation.${key}`, values),
  });
  const { values, setValue: set } = form;
  const readOnly = mode === 'view';
  const zones = useMemo(() => timeZones(values.timeZone), [values.timeZone]);

  const save = form.onSubmit((fields) => {
    if (!submitting) onSubmit?.(fields);
  });
  // A site shown read-only is not checked: its messages would only puzzle.
  const submit = (event: FormEvent) => (readOnly ? event.preventDefault() : save(event));

  const text = (
    field: TextFieldName,
    inputMode?: 'decimal' | 'numeric' | 'email' | 'tel',
    helper?: string,
  ) => (
    <TextField
      {...form.textField(field, helper)}
      id={testId(field)}
      fullWidth
      label={t(`sites.form.${field}`)}
      required={['name', 'address', 'powerCapacity', 'capacityL1', 'capacityL2', 'capacityL3'].includes(
        field,
      )}
      slotProps={{
        input: { readOnly },
        htmlInput: { 'data-testid': testId(field), inputMode },
      }}
    />
  );

  const section = (title: string, children: ReactNode) => (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" fontWeight={600} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Box>
  );

  const locked = mode !== 'add';
  const currencyOptions =
    currencies.some((code) => code === values.currency) || !values.currency
      ? currencies
      : [values.currency, ...currencies];

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="site-form" data-mode={mode}>
      <Stack spacing={3}>
        {section(
          t('sites.form.sectionSite'),
          <>
            <Grid size={{ xs: 12, md: 6 }}>{text('name')}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{text('address')}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Autocomplete
                options={zones}
                value={values.timeZone}
                disableClearable
                readOnly={readOnly}
                onChange={(_event, zone) => set('timeZone', zone)}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('sites.form.timeZone')}
                    {...form.feedback('timeZone')}
                    slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId('timeZone') } }}
                  />
                )}
              />
            </Grid>
          </>,
        )}
        {section(
          t('sites.form.sectionPricing'),
          <>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...form.textField('currency', mode === 'edit' ? t('sites.form.currencyLocked') : undefined)}
                id={testId('currency')}
                select
                fullWidth
                required={!locked}
                label={t('sites.form.currency')}
                disabled={locked}
                slotProps={{
                  select: { native: true },
                  inputLabel: { shrink: true },
                  htmlInput: { 'data-testid': testId('currency') },
                }}
              >
                <option value="" disabled>
                  {t('sites.form.currencyPlaceholder')}
                </option>
                {currencyOptions.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              {text('fixedCost', 'decimal', t('sites.form.fixedCostHint'))}
            </Grid>
            <Grid size={12}>
              <FormLabel id="site-form-vat-label">{t('sites.form.vat')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="site-form-vat-label"
                value={values.fixedCostIncludesVat ? 'incl' : 'excl'}
                onChange={(event) => set('fixedCostIncludesVat', event.target.value === 'incl')}
              >
                <FormControlLabel
                  value="incl"
                  disabled={readOnly}
                  label={t('sites.form.vatIncluded')}
                  control={
                    <Radio slotProps={{ input: { 'data-testid': 'site-form-vat-included' } as object }} />
                  }
                />
                <FormControlLabel
                  value="excl"
                  disabled={readOnly}
                  label={t('sites.form.vatExcluded')}
                  control={
                    <Radio slotProps={{ input: { 'data-testid': 'site-form-vat-excluded' } as object }} />
                  }
                />
              </RadioGroup>
            </Grid>
          </>,
        )}
        {section(
          t('sites.form.sectionCapacity'),
          <>
            <Grid size={{ xs: 12, md: 6 }}>
              {text('powerCapacity', 'decimal', t('sites.form.powerCapacityHint'))}
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormLabel id="site-form-phases-label">{t('sites.form.phases')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="site-form-phases-label"
                value={values.phases}
                onChange={(event) => set('phases', event.target.value === '1' ? '1' : '3')}
              >
                {(['1', '3'] as const).map((phases) => (
                  <FormControlLabel
                    key={phases}
                    value={phases}
                    disabled={readOnly}
                    label={t(phases === '1' ? 'sites.form.phaseOne' : 'sites.form.phaseThree')}
                    control={
                      <Radio
                        slotProps={{ input: { 'data-testid': `site-form-phases-${phases}` } as object }}
                      />
                    }
                  />
                ))}
              </RadioGroup>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>{text('capacityL1', 'numeric')}</Grid>
            {values.phases === '3' && (
              <>
                <Grid size={{ xs: 12, md: 4 }}>{text('capacityL2', 'numeric')}</Grid>
                <Grid size={{ xs: 12, md: 4 }}>{text('capacityL3', 'numeric')}</Grid>
              </>
            )}
            <Grid size={12}>
              <FormControlLabel
                label={t('sites.form.isOpenLoad')}
                disabled={readOnly}
                control={
                  <Switch
                    {...form.checkbox('isOpenLoad')}
                    slotProps={{ input: { 'data-testid': 'site-form-is-open-load' } as object }}
                  />
                }
              />
            </Grid>
          </>,
        )}
        {section(
          t('sites.form.sectionContact'),
          <>
            <Grid size={{ xs: 12, md: 4 }}>{text('contactName')}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>{text('contactEmail', 'email')}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>{text('helpPhone', 'tel')}</Grid>
          </>,
        )}
        <Stack direction="row" spacing={2} justifyContent="flex-end">
          {actions}
          {onCancel && (
            <Button onClick={onCancel} data-testid="site-form-cancel">
              {t('sites.form.cancel')}
            </Button>
          )}
          {!readOnly && (
            <Button type="submit" variant="contained" loading={submitting} data-testid="site-form-submit">
              {t(mode === 'add' ? 'sites.form.submitAdd' : 'sites.form.submitSave')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
