import { defaultLanguage, isLanguage } from '@plugboard/contract';
import { minorDigitsOf } from '@plugboard/pricing';
import { reportTexts } from './charging-report-texts.ts';

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
  const language = isLanguage(content.language) ? content.language : defaultLanguage;
  const t = reportTexts[language];
  const locale = language.replace('_', '-');
  const time = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: content.timeZone,
  });
  const kwh = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(content.energyWh / 1000);
  const lines = [
    [t.charger, content.chargerAlias],
    [t.card, content.cardId],
    [t.start, time.format(content.start)],
    [t.end, time.format(content.end)],
    [t.energy, `${kwh} kWh`],
  ];
  if (content.costMinor !== null && content.currency !== '') {
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency: content.currency });
    lines.push([t.cost, money.format(content.costMinor / 10 ** minorDigitsOf(content.currency))]);
  }
  const fill = (text: string) =>
    text
      .replace('{charger}', content.chargerAlias)
      .replace('{card}', content.cardId)
      .replace('{site}', content.siteName);
  return {
    subject: fill(t.subject),
    text: `${t.intro}\n\n${lines.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${fill(t.footer)}\n`,
  };
}
