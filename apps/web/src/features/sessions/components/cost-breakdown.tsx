import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CostBreakdown as Breakdown } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { formatMoney, formatNumber, formatUnitPrice } from '../lib/format';

export type CostBreakdownProps = { breakdown: Breakdown | null; currency: string };

/**
 * The cost engine's lines (quantity x unit price = amount, amounts after the card group's multiplier, on the
 * tariff's side of VAT), then the multiplier, net, VAT and gross.
 */
export function CostBreakdown({ breakdown, currency }: CostBreakdownProps) {
  const { t, i18n } = useTranslation();
  if (!breakdown) {
    return (
      <Typography color="text.secondary" data-testid="session-breakdown-none">
        {t('sessions.notPricedHint')}
      </Typography>
    );
  }
  const money = (amount: number) => formatMoney(i18n.language, amount, currency);
  const number = (value: number, decimals: number) => formatNumber(i18n.language, value, decimals);
  const quantity = (kind: Breakdown['lines'][number]['kind'], value: number) =>
    kind === 'energy'
      ? t('sessions.units.kwh', { value: number(value, 3) })
      : kind === 'startFee'
        ? number(value, 0)
        : t('sessions.units.minutes', { value: number(value, 2) });
  const total = (label: string, value: string, testId: string, strong = false) => (
    <TableRow>
      <TableCell colSpan={3} sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: strong ? 700 : 400 }} data-testid={testId}>
        {value}
      </TableCell>
    </TableRow>
  );

  return (
    <div data-testid="session-breakdown">
      {breakdown.estimate && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="session-breakdown-estimate">
          {t('sessions.breakdown.estimate')}
        </Alert>
      )}
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('sessions.breakdown.item')}</TableCell>
            <TableCell align="right">{t('sessions.breakdown.quantity')}</TableCell>
            <TableCell align="right">{t('sessions.breakdown.unitPrice')}</TableCell>
            <TableCell align="right">{t('sessions.breakdown.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {breakdown.lines.map((line, index) => (
            <TableRow key={index} data-testid="session-breakdown-line" data-kind={line.kind}>
              <TableCell>
                {t(`sessions.breakdown.kinds.${line.kind}`)}
                <Typography variant="caption" color="text.secondary" component="div">
                  {line.band ?? t('sessions.breakdown.basePrices')}
                </Typography>
              </TableCell>
              <TableCell align="right">{quantity(line.kind, line.quantity)}</TableCell>
              <TableCell align="right">{formatUnitPrice(i18n.language, line.unitPrice, currency)}</TableCell>
              <TableCell align="right">{money(line.amount)}</TableCell>
            </TableRow>
          ))}
          {total(
            t('sessions.breakdown.multiplier'),
            `${number(breakdown.multiplier, 2)} %`,
            'session-breakdown-multiplier',
          )}
          {total(t('sessions.breakdown.net'), money(breakdown.net), 'session-breakdown-net')}
          {total(
            t('sessions.breakdown.vat', { rate: number(breakdown.vatRate, 2) }),
            money(breakdown.vat),
            'session-breakdown-vat',
          )}
          {total(t('sessions.breakdown.gross'), money(breakdown.gross), 'session-breakdown-gross', true)}
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t(breakdown.pricesIncludeVat ? 'sessions.breakdown.inclVat' : 'sessions.breakdown.exclVat')}
      </Typography>
    </div>
  );
}
