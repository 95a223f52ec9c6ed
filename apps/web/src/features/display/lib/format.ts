const locale = (language: string) => language.replace('_', '-');

/** Watts as kW with one decimal (a lobby reads "7.4 kW"). */
export function formatKw(language: string, watts: number): string {
  return new Intl.NumberFormat(locale(language), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(watts / 1000);
}

/** Watt-hours as kWh with up to two decimals. */
export function formatKwh(language: string, wattHours: number): string {
  return new Intl.NumberFormat(locale(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(wattHours / 1000);
}

/** Time since `startIso` as h:mm:ss (0:00:00 for a start in the future, as a clock slightly behind would give). */
export function formatElapsed(startIso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - new Date(startIso).getTime()) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** The wall-clock time and date of the site, in its own time zone. */
export function siteClock(language: string, timeZone: string, now: number): { time: string; date: string } {
  const at = new Date(now);
  const zone = (options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat(locale(language), { ...options, timeZone }).format(at);
    } catch {
      return new Intl.DateTimeFormat(locale(language), options).format(at);
    }
  };
  return {
    time: zone({ hour: '2-digit', minute: '2-digit' }),
    date: zone({ weekday: 'long', day: 'numeric', month: 'long' }),
  };
}

/**
 * Columns of the tile grid: every tile fits on the screen, roughly 3 wide for 2 high; on a portrait screen (a
 * display mounted upright, a phone) roughly 2 wide for 3 high, so that a tile stays wide enough to read.
 */
export function tileColumns(count: number, portrait = false): number {
  if (count <= 1) return 1;
  return Math.min(count, Math.ceil(Math.sqrt(portrait ? count / 1.5 : count * 1.5)));
}
