import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
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
import {
  emptySiteForm,
  parseSiteForm,
  siteToForm,
  type SiteFormErrors,
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
  const [values, setValues] = useState<SiteFormValues>(() => (site ? siteToForm(site) : emptySiteForm()));
  const [submitted, setSubmitted] = useState(false);
  const readOnly = mode === 'view';
  const zones = useMemo(() => timeZones(values.timeZone), [values.timeZone]);
  // Messages appear once a submit was tried, then follow the typing.
  const result = submitted ? parseSiteForm(values) : null;
  const errors: SiteFormErrors = result && !result.ok ? result.errors : {};

  const set = <K extends SiteFormField>(field: K, value: SiteFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const errorText = (field: SiteFormField) => {
    const error = errors[field];
    return error ? t(`sites.validation.${error.key}`, error.values) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || submitting) return;
    setSubmitted(true);
    const parsed = parseSiteForm(values);
    if (parsed.ok) onSubmit?.(parsed.fields);
  };

  const text = (
    field: TextFieldName,
    inputMode?: 'decimal' | 'numeric' | 'email' | 'tel',
    helper?: string,
  ) => (
    <TextField
      id={testId(field)}
      fullWidth
      label={t(`sites.form.${field}`)}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      error={errors[field] !== undefined}
      helperText={errorText(field) ?? helper}
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
                    error={errors.timeZone !== undefined}
                    helperText={errorText('timeZone')}
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
                id={testId('currency')}
                select
                fullWidth
                required={!locked}
                label={t('sites.form.currency')}
                value={values.currency}
                onChange={(event) => set('currency', event.target.value)}
                disabled={locked}
                error={errors.currency !== undefined}
                helperText={
                  errorText('currency') ?? (mode === 'edit' ? t('sites.form.currencyLocked') : undefined)
                }
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
                    checked={values.isOpenLoad}
                    onChange={(event) => set('isOpenLoad', event.target.checked)}
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
