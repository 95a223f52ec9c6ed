import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { invoiceStatuses, type InvoiceStatus } from '@plugboard/contract';
import { periodIn, type PeriodName } from '@plugboard/pricing';
import { useTranslation } from '../../../lib/i18n';
import type { InvoiceFilter } from '../api/get-invoices';
import type { CustomerOption } from './invoice-request-fields';

const periods = ['thisMonth', 'lastMonth', 'last3Months'] as const satisfies readonly PeriodName[];

export type InvoiceFilterForm = {
  period: '' | (typeof periods)[number];
  groupId: string;
  status: '' | InvoiceStatus;
};
export const noFilter: InvoiceFilterForm = { period: '', groupId: '', status: '' };

/** The list call's filter: the period's instants in the site's zone. */
export function filterOf(
  form: InvoiceFilterForm,
  timeZone: string,
): Omit<InvoiceFilter, 'pageNum' | 'pageSize'> {
  return {
    ...(form.period && periodIn(form.period, timeZone)),
    ...(form.groupId && { groupId: Number(form.groupId) }),
    ...(form.status && { status: form.status }),
  };
}

export type InvoiceFiltersProps = {
  value: InvoiceFilterForm;
  groups: readonly CustomerOption[];
  onChange: (value: InvoiceFilterForm) => void;
};

/** Period, customer (card group) and status of the invoices shown. */
export function InvoiceFilters({ value, groups, onChange }: InvoiceFiltersProps) {
  const { t } = useTranslation();
  const select = (
    name: keyof InvoiceFilterForm,
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value[name]}
      onChange={(event) => onChange({ ...value, [name]: event.target.value })}
      sx={{ minWidth: 170, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': `invoice-filter-${name}` },
      }}
    >
      <option value="">{t('invoices.filters.all')}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {select(
        'period',
        t('invoices.filters.period'),
        periods.map((p) => ({ value: p, label: t(`invoices.periods.${p}`) })),
      )}
      {select(
        'groupId',
        t('invoices.filters.customer'),
        groups.map((g) => ({ value: String(g.id), label: g.label })),
      )}
      {select(
        'status',
        t('invoices.filters.status'),
        invoiceStatuses.map((s) => ({ value: s, label: t(`invoices.statuses.${s}`) })),
      )}
    </Stack>
  );
}
