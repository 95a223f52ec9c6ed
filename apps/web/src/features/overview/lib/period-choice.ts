import { overviewPeriodNames, type OverviewPeriodName } from '@plugboard/contract';

/** The period on screen, as the URL holds it (?period=custom&firstDay=2026-03-01&lastDay=2026-03-31). */
export type PeriodChoice = { period: OverviewPeriodName; firstDay: string; lastDay: string };

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** Anything odd in the URL falls back to today. */
export function readPeriodChoice(params: URLSearchParams): PeriodChoice {
  const period = overviewPeriodNames.find((name) => name === params.get('period')) ?? 'today';
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return isDay(value) ? value : '';
  };
  return { period, firstDay: day('firstDay'), lastDay: day('lastDay') };
}

export function writePeriodChoice(params: URLSearchParams, choice: PeriodChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string, keep: boolean) => (keep ? next.set(key, value) : next.delete(key));
  set('period', choice.period, choice.period !== 'today');
  set('firstDay', choice.firstDay, choice.period === 'custom' && choice.firstDay !== '');
  set('lastDay', choice.lastDay, choice.period === 'custom' && choice.lastDay !== '');
  return next;
}

export const isChoiceComplete = (choice: PeriodChoice): boolean =>
  choice.period !== 'custom' ||
  (isDay(choice.firstDay) && isDay(choice.lastDay) && choice.firstDay <= choice.lastDay);
