import { wallClockOf } from '@plugboard/pricing';
import type { OverviewPeriod } from '@plugboard/contract';

const hourMs = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Every hour or day of a period as the site's wall clock names it (YYYY-MM-DDTHH:mm, as the server's buckets), in
 * order: the server sends only those with sessions, a chart shows the empty ones too. Walking the period an hour at
 * a time gives a day of 23 or 25 hours around a DST change (its repeated hour once) and works for any offset.
 */
export function bucketsOf(
  period: OverviewPeriod['period'],
  bucket: 'hour' | 'day',
  timeZone: string,
): string[] {
  const names = new Set<string>();
  const to = Date.parse(period.to);
  for (let at = Date.parse(period.from); at < to; at += hourMs) {
    const c = wallClockOf(at, timeZone);
    names.add(`${c.year}-${pad(c.month)}-${pad(c.day)}T${bucket === 'hour' ? pad(c.hour) : '00'}:00`);
  }
  return [...names];
}

/** The series on every bucket of the period, zero where no session started. */
export function filledSeries(data: OverviewPeriod) {
  const byAt = new Map(data.series.map((s) => [s.at, s]));
  return bucketsOf(data.period, data.bucket, data.timeZone).map(
    (at) => byAt.get(at) ?? { at, sessions: 0, energyWh: 0, netMinor: 0, grossMinor: 0 },
  );
}

/** Label steps that read as a rhythm: every 3 hours, every week. */
const niceSteps = { hour: [1, 2, 3, 4, 6, 8, 12], day: [1, 2, 3, 5, 7, 14, 28, 56, 91] } as const;
/** The space kept between two labels. */
const labelGapPx = 12;

/**
 * Every how many buckets a chart labels one, so that labels `labelPx` wide stand apart on `plotPx` of axis: a
 * regular rhythm (every 3 hours, every week) rather than whichever label happens to fit after the one before.
 */
export function labelStep(buckets: number, labelPx: number, plotPx: number, bucket: 'hour' | 'day'): number {
  if (buckets <= 1 || plotPx <= 0) return 1;
  const least = Math.ceil((buckets * (labelPx + labelGapPx)) / plotPx);
  return niceSteps[bucket].find((step) => step >= least) ?? least;
}

let canvas: CanvasRenderingContext2D | null | undefined;
/** The widest of `labels` in px at the charts' tick font (7 px a character where there is no canvas). */
export function widestLabelPx(labels: readonly string[], font: string): number {
  canvas ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (canvas) canvas.font = font;
  return Math.max(0, ...labels.map((label) => (canvas ? canvas.measureText(label).width : label.length * 7)));
}
