/** Amperes in the user's language, at most one decimal. */
export const formatAmps = (lang: string, value: number) =>
  new Intl.NumberFormat(lang.replace('_', '-'), { maximumFractionDigits: 1 }).format(value);

/** The site phase (1..3) of each of a charger's L1..L3 as the screen writes it: "L2 · L3 · L1". */
export const wiringLabel = (wiring: readonly number[], phases: 1 | 3) =>
  wiring
    .slice(0, phases)
    .map((p) => `L${p}`)
    .join(' · ');

/** A time of day in the site's zone, HH:MM. */
export const formatTimeIn = (lang: string, iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(lang.replace('_', '-'), { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
