import type { TFunction } from '../../../lib/i18n';
import { discountOf, formatNumber } from '../lib/format';

/** "80 %" and "20 % off" (or "no discount" at 100 %), in the operator's language. */
export function multiplierTexts(t: TFunction, language: string, multiplier: number) {
  const discount = discountOf(multiplier);
  const percent = formatNumber(language, multiplier);
  return {
    percent: t('cardGroups.percent', { value: percent }),
    discount:
      discount === 0
        ? t('cardGroups.noDiscount')
        : t('cardGroups.discount', { value: formatNumber(language, discount) }),
    preview: t(discount === 0 ? 'cardGroups.form.previewFull' : 'cardGroups.form.preview', {
      value: percent,
      discount: formatNumber(language, discount),
    }),
  };
}
