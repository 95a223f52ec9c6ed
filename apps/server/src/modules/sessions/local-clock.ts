import { utcOffsetMs } from '@plugboard/pricing';

const quarterHourMs = 900_000;
const dayMs = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const twoDigits = Array.from({ length: 60 }, (_, n) => pad(n));

/**
 * Wall-clock time of a zone, fast enough for a million rows: the zone's UTC offset is asked of Intl once per
 * quarter hour of time (offsets and their changes fall on quarter hours), then it is arithmetic.
 */
export function localClock(timeZone: string) {
  // Keyed by quarter-hour number (a small integer: fast map keys). Rows in time order ask for their start and end in
  // turn: the two quarters asked last are kept at hand.
  const offsets = new Map<number, number>();
  const recent = [NaN, 0, NaN, 0];
  const offsetAt = (ms: number) => {
    const quarter = Math.floor(ms / quarterHourMs);
    if (quarter === recent[0]) return recent[1]!;
    if (quarter === recent[2]) return recent[3]!;
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      offset = utcOffsetMs(timeZone, quarter * quarterHourMs);
      if (offsets.size > 100_000) offsets.clear();
      offsets.set(quarter, offset);
    }
    recent[2] = recent[0]!;
    recent[3] = recent[1]!;
    recent[0] = quarter;
    recent[1] = offset;
    return offset;
  };
  /** Milliseconds since 1970-01-01 00:00 of the local calendar, of an instant in epoch milliseconds. */
  const localMs = (at: number) => at + offsetAt(at);
  // 'YYYY-MM-DD ' of local days (rows in time order share few), and the time of day from a table of 2 digits.
  const days = new Map<number, string>();
  const dayText = (day: number) => {
    let text = days.get(day);
    if (text === undefined) {
      const d = new Date(day * dayMs);
      text = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} `;
      if (days.size > 10_000) days.clear();
      days.set(day, text);
    }
    return text;
  };
  return {
    localMs,
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
    /** Excel's serial date (days since 1899-12-30) of the local time. */
    excelSerial: (at: number) => localMs(at) / dayMs + 25_569,
  };
}

export type LocalClock = ReturnType<typeof localClock>;
