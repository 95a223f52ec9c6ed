import { invoiceLimits, type ServiceFeeKind, type uiLanguages } from '@plugboard/contract';
import { daysIn, periodIn, type InstantRange } from '@plugboard/pricing';
import type { InvoiceRequestBody } from '../api/preview-invoice';

export type UiLanguage = (typeof uiLanguages)[number];

export const periodChoices = ['thisMonth', 'lastMonth', 'last3Months', 'custom'] as const;
export type PeriodChoice = (typeof periodChoices)[number];

export type RequestForm = {
  customerKind: 'group' | 'cards';
  groupId: string;
  cardIds: number[];
  period: PeriodChoice;
  /** YYYY-MM-DD, inclusive, for a custom period. */
  firstDay: string;
  lastDay: string;
  name: string;
  companyName: string;
  address: string;
  vatNumber: string;
  email: string;
  description: string;
  feeKind: ServiceFeeKind;
  /** Major units per session, or percent, as typed. */
  fee: string;
  language: UiLanguage;
};

export const emptyRequestForm = (language: UiLanguage): RequestForm => ({
  customerKind: 'group',
  groupId: '',
  cardIds: [],
  period: 'lastMonth',
  firstDay: '',
  lastDay: '',
  name: '',
  companyName: '',
  address: '',
  vatNumber: '',
  email: '',
  description: '',
  feeKind: 'none',
  fee: '',
  language,
});

export type RequestProblem = 'customer' | 'period' | 'description' | 'fee' | 'email';

/** The period's instants in the site's zone: a shortcut, or whole days from the first to the last. */
export function periodOf(form: RequestForm, timeZone: string, now = Date.now()): InstantRange | null {
  if (form.period !== 'custom') return periodIn(form.period, timeZone, now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.firstDay) || !/^\d{4}-\d{2}-\d{2}$/.test(form.lastDay)) return null;
  if (form.firstDay > form.lastDay) return null;
  return daysIn(form.firstDay, form.lastDay, timeZone);
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with the form, field by field (empty when it can be sent). */
export function problemsOf(form: RequestForm, timeZone: string): RequestProblem[] {
  const problems: RequestProblem[] = [];
  if (form.customerKind === 'group' ? form.groupId === '' : form.cardIds.length === 0)
    problems.push('customer');
  if (!periodOf(form, timeZone)) problems.push('period');
  if (form.description.trim().length > invoiceLimits.descriptionMax) problems.push('description');
  if (form.feeKind !== 'none') {
    const fee = Number(form.fee.replace(',', '.'));
    const max = form.feeKind === 'percent' ? invoiceLimits.percentMax : invoiceLimits.feePerSessionMax;
    if (form.fee.trim() === '' || !Number.isFinite(fee) || fee < 0 || fee > max) problems.push('fee');
  }
  if (form.email.trim() && !emailPattern.test(form.email.trim())) problems.push('email');
  return problems;
}

/** The request the form makes (check problemsOf first). */
export function requestOf(form: RequestForm, timeZone: string): InvoiceRequestBody {
  const period = periodOf(form, timeZone) ?? periodIn('lastMonth', timeZone);
  const fee = Number(form.fee.replace(',', '.')) || 0;
  return {
    customer:
      form.customerKind === 'group'
        ? { kind: 'group', groupId: Number(form.groupId) }
        : { kind: 'cards', cardIds: form.cardIds },
    ...period,
    billTo: {
      name: form.name.trim(),
      companyName: form.companyName.trim(),
      address: form.address.trim(),
      vatNumber: form.vatNumber.trim(),
      email: form.email.trim(),
    },
    description: form.description.trim(),
    fee: {
      kind: form.feeKind,
      perSession: form.feeKind === 'perSession' ? fee : 0,
      percent: form.feeKind === 'percent' ? fee : 0,
    },
    language: form.language,
  };
}
