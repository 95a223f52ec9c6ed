// Percentiles and the formatting of the printed figures.

/** Joins arrays of one measure from several client processes, sorted ascending. */
export function merged(parts: Float64Array[]): Float64Array {
  const all = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all.sort();
}

export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Adds up per-node counts from several client processes. */
export const sumByNode = (parts: number[][]) =>
  (parts[0] ?? []).map((_, i) => sum(parts.map((p) => p[i] ?? 0)));

/** The q-quantile (0..1) of sorted values, nearest rank; NaN when there are none. */
export function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const ms = (value: number) =>
  Number.isNaN(value) ? '-' : value < 10 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`;
export const seconds = (millis: number) => `${(millis / 1000).toFixed(1)} s`;
export const count = (value: number) => Math.round(value).toLocaleString('en-US');
export const mib = (bytes: number) => `${Math.round(bytes / 1048576)} MiB`;
export const cores = (cpuSeconds: number, wallMs: number) =>
  Number.isNaN(cpuSeconds) ? '-' : (cpuSeconds / (wallMs / 1000)).toFixed(2);

/** p50 / p99 / p99.9 / max of sorted round trips. */
export const spread = (sorted: Float64Array) =>
  `p50 ${ms(quantile(sorted, 0.5))}  p99 ${ms(quantile(sorted, 0.99))}  p99.9 ${ms(quantile(sorted, 0.999))}  max ${ms(quantile(sorted, 1))}`;

/** Prints rows as left-aligned columns. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => cell.padEnd(widths[c]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
