import { weekdays } from '@plugboard/contract';

// Weekday names come from Intl in the console's language: no translation to keep, and every locale gets them right.

/** 2024-01-01 was a Monday: day d of that week is ISO weekday d. */
const mondayUtc = Date.UTC(2024, 0, 1, 12);

export function weekdayNames(language: string, width: 'short' | 'narrow' | 'long' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(language.replace('_', '-'), { weekday: width, timeZone: 'UTC' });
  return weekdays.map((day) => format.format(mondayUtc + (day - 1) * 86_400_000));
}
