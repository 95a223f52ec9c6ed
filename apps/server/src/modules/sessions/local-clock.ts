import { utcOffsetMs } from '@plugboard/pricing';

const quarterHourMs = 900_000;
export const dayMs = 86_400_000;
/** Excel's serial number of 1970-01-01 (days since 1899-12-30). */
export const excelEpochDay = 25_569;
/**
 * Decimal places of the day's fraction in Excel's serial: 11 put a second within half a microsecond of its exact
 * value (a double holds 16 digits: 5 of the day, 11 of the fraction), which spreadsheets round back to the second
 * they show and programs to the microsecond.
 */
export const excelFractionPlaces = 11;
/** A second of the day as Excel's fraction of the day, in units of the last place (an integer below 10^11). */
export const excelFraction = (second: number) => Math.round((second * 10 ** excelFractionPlaces) / 86_400);
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const twoDigits = Array.from({ length: 60 }, (_, n) => pad(n));

/**
 * Wall-clock time of a zone, fast enough for a million rows. The zone's UTC offset is asked of Intl once per UTC
 * day when it is the same at both ends of the day (a zone changes its offset at most once a day), else once per
 * quarter hour of that day (offsets and their changes fall on quarter hours); then it is arithmetic.
 */
export function localClock(timeZone: string) {
  // Keyed by UTC day or quarter-hour number (small integers: fast map keys). A day whose offset changes is kept
  // as NaN, and its quarters are looked up apart. Rows in time order ask for few days in turn: the last is at hand.
  const days = new Map<number, number>();
  const quarters = new Map<number, number>();
  let lastDay = NaN;
  let lastOffset = 0;
  const quarterOffset = (ms: number) => {
    const quarter = Math.floor(ms / quarterHourMs);
    let offset = quarters.get(quarter);
    if (offset === undefined) {
      offset = utcOffsetMs(timeZone, quarter * quarterHourMs);
      if (quarters.size > 10_000) quarters.clear();
      quarters.set(quarter, offset);
    }
    return offset;
  };
  const offsetAt = (ms: number) => {
    const day = Math.floor(ms / dayMs);
    if (day === lastDay) return lastOffset;
    let offset = days.get(day);
    if (offset === undefined) {
      const first = utcOffsetMs(timeZone, day * dayMs);
      offset = first === utcOffsetMs(timeZone, (day + 1) * dayMs - quarterHourMs) ? first : NaN;
      if (days.size > 100_000) days.clear();
      days.set(day, offset);
    }
    if (Number.isNaN(offset)) return quarterOffset(ms);
    lastDay = day;
    lastOffset = offset;
    return offset;
  };
  /** Milliseconds since 1970-01-01 00:00 of the local calendar, of an instant in epoch milliseconds. */
  const localMs = (at: number) => at + offsetAt(at);
  // 'YYYY-MM-DD ' of local days (rows in time order share few), and the time of day from a table of 2 digits.
  const dayTexts = new Map<number, string>();
  const dayText = (day: number) => {
    let text = dayTexts.get(day);
    if (text === undefined) {
      const d = new Date(day * dayMs);
      text = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} `;
      if (dayTexts.size > 10_000) dayTexts.clear();
      dayTexts.set(day, text);
    }
    return text;
  };
  return {
    localMs,
    /** 'YYYY-MM-DD ' of a local day (days since 1970-01-01 of the local calendar). */
    dayText,
    /** 'YYYY-MM-DD HH:mm:ss' */
    format: (at: number) => {
      const local = localMs(at);
      const day = Math.floor(local / dayMs);
      const second = Math.floor((local - day * dayMs) / 1000);
      const minute = Math.floor(second / 60);
      return `${dayText(day)}${twoDigits[Math.floor(minute / 60)]}:${twoDigits[minute % 60]}:${twoDigits[second % 60]}`;
    },
    /** 'YYYYMMDD', for file names. */
    day: (at: number) => {
      const d = new Date(localMs(at));
      return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
    },
    /**
     * Excel's serial date (days since 1899-12-30) of the local second, as text. Seconds, as `format` writes: a
     * sheet would round 09:00:59.6 up to the next minute, where the CSV shows the second it happened in.
     */
    excelSerial: (at: number) => {
      const local = localMs(at);
      const day = Math.floor(local / dayMs);
      const fraction = excelFraction(Math.floor((local - day * dayMs) / 1000));
      const places = String(fraction).padStart(excelFractionPlaces, '0').replace(/0+$/, '');
      return places ? `${day + excelEpochDay}.${places}` : String(day + excelEpochDay);
    },
  };
}

export type LocalClock = ReturnType<typeof localClock>;
