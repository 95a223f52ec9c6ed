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
  /** 'group:<id>' or 'card:<id>', or '' for every customer. */
  customer: string;
  status: '' | InvoiceStatus;
};
export const noFilter: InvoiceFilterForm = { period: '', customer: '', status: '' };

/** The list call's filter: the period's instants in the site's zone. */
export function filterOf(
  form: InvoiceFilterForm,
  timeZone: string,
): Omit<InvoiceFilter, 'pageNum' | 'pageSize'> {
  return {
    ...(form.period && periodIn(form.period, timeZone)),
    ...(form.customer.startsWith('group:') && { groupId: Number(form.customer.slice(6)) }),
    ...(form.customer.startsWith('card:') && { cardId: Number(form.customer.slice(5)) }),
    ...(form.status && { status: form.status }),
  };
}

export type InvoiceFiltersProps = {
  value: InvoiceFilterForm;
  groups: readonly CustomerOption[];
  cards: readonly CustomerOption[];
  onChange: (value: InvoiceFilterForm) => void;
};

/** Period, customer (card group) and status of the invoices shown. */
export function InvoiceFilters({ value, groups, cards, onChange }: InvoiceFiltersProps) {
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
      {select('customer', t('invoices.filters.customer'), [
        ...groups.map((g) => ({
          value: `group:${g.id}`,
          label: `${t('invoices.request.group')}: ${g.label}`,
        })),
        ...cards.map((c) => ({ value: `card:${c.id}`, label: `${t('invoices.filters.card')}: ${c.label}` })),
      ])}
      {select(
        'status',
        t('invoices.filters.status'),
        invoiceStatuses.map((s) => ({ value: s, label: t(`invoices.statuses.${s}`) })),
      )}
    </Stack>
  );
}
