import type { Language } from '@plugboard/contract';
import { htmlLang } from '../../../lib/i18n';

/** An instant as a date and time in the site's zone, in the console's language. */
export function formatSiteDate(iso: string, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(htmlLang(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}
