import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';
import { formatPrice } from '../lib/format';
import { marginPerKwh } from '../lib/margin';
import { toNumber, type TariffFormValues } from '../lib/tariff-form';
import type { TariffSite } from './tariff-view';

export type MarginTableProps = { values: TariffFormValues; site: TariffSite };

const valid = (value: number | undefined): value is number =>
  value !== undefined && Number.isFinite(value) && value >= 0;

/** The site's fixed cost per kWh, and the margin of the base price and of each band's price against it. */
export function MarginTable({ values, site }: MarginTableProps) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatPrice(i18n.language, amount, site.currency);
  const vatRate = toNumber(values.vatRate);
  const rows = [
    { key: 'base', label: t('tariff.week.base'), price: values.energyPrice },
    ...(values.priceModel === 'timeOfUse'
      ? values.bands.map((band, i) => ({
          key: String(band.key),
          label: t('tariff.bands.name', { number: i + 1 }),
          price: band.energyPrice,
        }))
      : []),
  ];

  return (
    <div data-testid="tariff-margin">
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="tariff-fixed-cost">
        {t(site.fixedCostIncludesVat ? 'tariff.margin.fixedCostInclVat' : 'tariff.margin.fixedCostExclVat', {
          value: money(site.fixedCost),
        })}
      </Typography>
      {/* Scrolls inside itself where its four columns are wider than a phone (German, French headings). */}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('tariff.margin.rate')}</TableCell>
              <TableCell align="right">{t('tariff.margin.priceNet')}</TableCell>
              <TableCell align="right">{t('tariff.margin.costNet')}</TableCell>
              <TableCell align="right">{t('tariff.margin.margin')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const price = toNumber(row.price);
              const margin =
                valid(price) && valid(vatRate)
                  ? marginPerKwh({
                      price,
                      pricesIncludeVat: values.pricesIncludeVat,
                      fixedCost: site.fixedCost,
                      fixedCostIncludesVat: site.fixedCostIncludesVat,
                      vatRate,
                    })
                  : null;
              return (
                <TableRow key={row.key} data-testid={`tariff-margin-${row.key === 'base' ? 'base' : 'band'}`}>
                  <TableCell>{row.label}</TableCell>
                  <TableCell align="right">{margin ? money(margin.priceNet) : '—'}</TableCell>
                  <TableCell align="right">{margin ? money(margin.costNet) : '—'}</TableCell>
                  <TableCell
                    align="right"
                    sx={{
                      fontWeight: 600,
                      color: margin && margin.margin < 0 ? 'error.main' : 'success.main',
                    }}
                  >
                    {margin ? money(margin.margin) : '—'}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </div>
  );
}
