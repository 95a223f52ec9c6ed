import { describe, expect, it } from 'vitest';
import { languages } from '@plugboard/contract';
import { chargingReportMail, type ReportContent } from './charging-report-mail.ts';

const content: ReportContent = {
  language: 'en_US',
  timeZone: 'Europe/Amsterdam',
  chargerAlias: 'E07ABCD',
  cardId: 'A1B2C3D4',
  siteName: 'Depot Noord',
  start: new Date('2026-07-01T06:30:00Z'),
  end: new Date('2026-07-01T08:05:00Z'),
  energyWh: 12_345,
  costMinor: 1234,
  currency: 'EUR',
};

describe('the charging report mail', () => {
  it.each(languages)(
    'names charger, card, times, energy and cost, with nothing left to fill in, in %s',
    (language) => {
      const mail = chargingReportMail({ ...content, language });
      expect(mail.subject).toContain('E07ABCD');
      expect(mail.text).toContain('E07ABCD');
      expect(mail.text).toContain('A1B2C3D4');
      expect(mail.text).toContain('Depot Noord');
      expect(mail.text).toMatch(/12[.,]345 kWh/);
      expect(mail.text).toMatch(/12[.,]34/);
      expect(`${mail.subject}${mail.text}`).not.toMatch(/[{}]/);
    },
  );

  it('is written in each language, not in English everywhere', () => {
    const english = chargingReportMail(content);
    for (const language of languages.filter((l) => l !== 'en_US')) {
      const mail = chargingReportMail({ ...content, language });
      expect(mail.subject, language).not.toBe(english.subject);
      expect(mail.text.split('\n')[0], language).not.toBe(english.text.split('\n')[0]);
    }
  });

  it("writes times in the site's time zone and money with the currency's own minor unit", () => {
    const euros = chargingReportMail({ ...content, language: 'nl_NL' });
    expect(euros.text).toMatch(/\nBegin: 1 jul 2026,\s08:30\nEinde: 1 jul 2026,\s10:05\n/);
    expect(euros.text).toMatch(/\nKosten: €\s12,34\n/);
    const yen = chargingReportMail({ ...content, currency: 'JPY', costMinor: 1234 });
    expect(yen.text).toContain('Cost: ¥1,234\n');
  });

  it('falls back to English for a language it does not know', () => {
    expect(chargingReportMail({ ...content, language: 'xx_XX' }).subject).toBe(
      chargingReportMail(content).subject,
    );
  });
});
