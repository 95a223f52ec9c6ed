/**
 * Orders firmware versions the way people number them: numeric parts as numbers ("2.10" after "2.9"), other parts
 * as text, and a version with a suffix after its prefix ("1.2.1" after "1.2"). Vendors number freely; this is the
 * order that holds for dotted numbers and does something reasonable for the rest.
 */
export function compareVersions(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const diff =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y), 'en', { sensitivity: 'base' });
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/** The newest of `candidates` that is newer than `current`; nothing when the current version is not known. */
export function newerVersion<T extends { version: string }>(
  current: string | null,
  candidates: readonly T[],
): T | undefined {
  if (current === null) return undefined;
  let best: T | undefined;
  for (const c of candidates) {
    if (compareVersions(c.version, current) <= 0) continue;
    if (!best || compareVersions(c.version, best.version) > 0) best = c;
  }
  return best;
}

/**
 * The firmware a charger may be offered: the newest known that is newer than what it reports, or, for a charger that
 * never reported its version (BootNotification's firmwareVersion is optional), the newest known for its model.
 */
export function offeredVersion<T extends { version: string }>(
  current: string | null,
  candidates: readonly T[],
): T | undefined {
  if (current !== null) return newerVersion(current, candidates);
  return candidates.reduce<T | undefined>(
    (best, c) => (!best || compareVersions(c.version, best.version) > 0 ? c : best),
    undefined,
  );
}

/** A version the operator chose among the catalogue's, when it may be installed (see offeredVersion). */
export function chosenVersion<T extends { version: string }>(
  current: string | null,
  candidates: readonly T[],
  version: string,
): T | undefined {
  const chosen = candidates.find((c) => compareVersions(c.version, version) === 0);
  if (!chosen || (current !== null && compareVersions(chosen.version, current) <= 0)) return undefined;
  return chosen;
}

const parts = (version: string): (number | string)[] =>
  (version.trim().match(/\d+|[^\d.\-_+\s]+/g) ?? []).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
