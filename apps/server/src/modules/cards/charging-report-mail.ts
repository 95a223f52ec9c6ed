import { minorDigitsOf } from '@plugboard/pricing';
import { text, textLanguage, type TextKey, type TextValues } from '../../lib/texts.ts';

export type ReportContent = {
  language: string;
  timeZone: string;
  chargerAlias: string;
  cardId: string;
  siteName: string;
  start: Date;
  end: Date;
  energyWh: number;
  /** Gross, in the currency's minor unit; null when the site had no tariff. */
  costMinor: number | null;
  currency: string;
};

/**
 * The subject and plain text of a charging report: times in the site's time zone, numbers and money written the
 * way the owner's language writes them.
 */
export function chargingReportMail(content: ReportContent): { subject: string; text: string } {
  const language = textLanguage(content.language);
  const t = (key: TextKey, values?: TextValues) => text(language, key, values);
  const locale = language.replace('_', '-');
  const time = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: content.timeZone,
  });
  const kwh = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(content.energyWh / 1000);
  const lines = [
    [t('chargingReport.charger'), content.chargerAlias],
    [t('chargingReport.card'), content.cardId],
    [t('chargingReport.start'), time.format(content.start)],
    [t('chargingReport.end'), time.format(content.end)],
    [t('chargingReport.energy'), `${kwh} kWh`],
  ];
  if (content.costMinor !== null && content.currency !== '') {
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency: content.currency });
    lines.push([
      t('chargingReport.cost'),
      money.format(content.costMinor / 10 ** minorDigitsOf(content.currency)),
    ]);
  }
  const names = { charger: content.chargerAlias, card: content.cardId, site: content.siteName };
  const table = lines.map(([label, value]) => `${label}: ${value}`).join('\n');
  return {
    subject: t('chargingReport.subject', names),
    text: `${t('chargingReport.intro')}\n\n${table}\n\n${t('chargingReport.footer', names)}\n`,
  };
}
