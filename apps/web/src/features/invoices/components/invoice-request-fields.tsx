import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { invoiceLimits, languageNames, serviceFeeKinds, uiLanguages } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { periodChoices, type RequestForm, type RequestProblem, type UiLanguage } from '../lib/request-form';

export type CustomerOption = { id: number; label: string };

export type InvoiceRequestFieldsProps = {
  form: RequestForm;
  problems: readonly RequestProblem[];
  groups: readonly CustomerOption[];
  cards: readonly CustomerOption[];
  onChange: (change: Partial<RequestForm>) => void;
};

/** The request's fields: customer (a card group or cards), period, bill-to, description, service fee, language. */
export function InvoiceRequestFields({ form, problems, groups, cards, onChange }: InvoiceRequestFieldsProps) {
  const { t } = useTranslation();
  const has = (problem: RequestProblem) => problems.includes(problem);
  const text = (name: 'name' | 'companyName' | 'address' | 'vatNumber' | 'email', multiline = false) => (
    <TextField
      size="small"
      fullWidth
      label={t(`invoices.request.${name}`)}
      value={form[name]}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      onChange={(event) => onChange({ [name]: event.target.value })}
      error={name === 'email' && has('email')}
      helperText={name === 'email' && has('email') ? t('invoices.request.emailInvalid') : undefined}
      slotProps={{ htmlInput: { 'data-testid': `invoice-request-${name}` } }}
    />
  );
  const descriptionLength = form.description.trim().length;

  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="subtitle2" gutterBottom>
          {t('invoices.request.customer')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={form.customerKind}
          onChange={(_event, kind: RequestForm['customerKind'] | null) =>
            kind && onChange({ customerKind: kind })
          }
          sx={{ mb: 1.5 }}
        >
          <ToggleButton value="group" data-testid="invoice-customer-group">
            {t('invoices.request.group')}
          </ToggleButton>
          <ToggleButton value="cards" data-testid="invoice-customer-cards">
            {t('invoices.request.cards')}
          </ToggleButton>
        </ToggleButtonGroup>
        {form.customerKind === 'group' ? (
          <TextField
            select
            size="small"
            fullWidth
            label={t('invoices.request.group')}
            value={form.groupId}
            onChange={(event) => onChange({ groupId: event.target.value })}
            error={has('customer')}
            helperText={has('customer') ? t('invoices.request.customerMissing') : undefined}
            slotProps={{
              select: { native: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'invoice-request-group' },
            }}
          >
            <option value="" />
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.label}
              </option>
            ))}
          </TextField>
        ) : (
          <Autocomplete
            multiple
            size="small"
            options={[...cards]}
            value={cards.filter((card) => form.cardIds.includes(card.id))}
            onChange={(_event, chosen) => onChange({ cardIds: chosen.map((card) => card.id) })}
            getOptionLabel={(card) => card.label}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('invoices.request.cards')}
                error={has('customer')}
                helperText={has('customer') ? t('invoices.request.customerMissing') : undefined}
                slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'invoice-request-cards' } }}
              />
            )}
          />
        )}
      </Box>

      <Box>
        <Typography variant="subtitle2" gutterBottom>
          {t('invoices.request.period')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={form.period}
          onChange={(_event, period: RequestForm['period'] | null) => period && onChange({ period })}
          // Two by two on a phone, a row of four from sm: wrapping left "Custom" (Benutzerdefiniert) alone on a row.
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, auto)' },
            width: { sm: 'fit-content' },
            gap: 0.5,
            mb: 1.5,
            '& .MuiToggleButtonGroup-grouped': {
              m: 0,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              whiteSpace: 'nowrap',
            },
          }}
        >
          {periodChoices.map((choice) => (
            <ToggleButton key={choice} value={choice} data-testid={`invoice-period-${choice}`}>
              {t(`invoices.periods.${choice}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {form.period === 'custom' && (
          <Stack direction="row" spacing={1.5}>
            {(['firstDay', 'lastDay'] as const).map((name) => (
              <TextField
                key={name}
                type="date"
                size="small"
                label={t(`invoices.request.${name}`)}
                value={form[name]}
                onChange={(event) => onChange({ [name]: event.target.value })}
                error={has('period')}
                helperText={
                  name === 'lastDay' && has('period') ? t('invoices.request.periodInvalid') : undefined
                }
                sx={{ flex: 1 }}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { 'data-testid': `invoice-request-${name}` },
                }}
              />
            ))}
          </Stack>
        )}
      </Box>

      <Box>
        <Typography variant="subtitle2" gutterBottom>
          {t('invoices.request.billTo')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
          {text('companyName')}
          {text('name')}
          {text('address', true)}
          <Stack spacing={1.5}>
            {text('vatNumber')}
            {text('email')}
          </Stack>
        </Box>
      </Box>

      <TextField
        size="small"
        fullWidth
        multiline
        minRows={2}
        label={t('invoices.request.description')}
        value={form.description}
        onChange={(event) => onChange({ description: event.target.value })}
        error={has('description')}
        helperText={
          has('description')
            ? t('invoices.request.descriptionTooLong', { max: invoiceLimits.descriptionMax })
            : `${descriptionLength} / ${invoiceLimits.descriptionMax}`
        }
        slotProps={{
          htmlInput: { 'data-testid': 'invoice-request-description' },
          formHelperText: { 'data-testid': 'invoice-request-description-message', role: 'status' } as object,
        }}
      />

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, gap: 1.5 }}>
        <TextField
          select
          size="small"
          label={t('invoices.request.fee')}
          value={form.feeKind}
          onChange={(event) => onChange({ feeKind: event.target.value as RequestForm['feeKind'] })}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'invoice-request-fee-kind' },
          }}
        >
          {serviceFeeKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`invoices.fees.${kind}`)}
            </option>
          ))}
        </TextField>
        {form.feeKind !== 'none' && (
          <TextField
            size="small"
            inputMode="decimal"
            label={t(
              form.feeKind === 'percent' ? 'invoices.request.feePercent' : 'invoices.request.feeAmount',
            )}
            value={form.fee}
            onChange={(event) => onChange({ fee: event.target.value })}
            error={has('fee')}
            helperText={has('fee') ? t('invoices.request.feeInvalid') : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'invoice-request-fee' } }}
          />
        )}
        <TextField
          select
          size="small"
          label={t('invoices.request.language')}
          value={form.language}
          onChange={(event) => onChange({ language: event.target.value as UiLanguage })}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'invoice-request-language' },
          }}
        >
          {uiLanguages.map((language) => (
            <option key={language} value={language}>
              {languageNames[language]}
            </option>
          ))}
        </TextField>
      </Box>
    </Stack>
  );
}
