// Wall-clock arithmetic in an IANA zone with nothing but Intl: the offset from UTC at an instant, and the
// instant it changes (a DST switch). Formatters are cached because building one is far slower than using it.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Local wall-clock time minus UTC at instant `at` (epoch ms), in ms: +3,600,000 for CET. */
export function utcOffsetMs(timeZone: string, at: number): number {
  const whole = Math.floor(at / 1000) * 1000; // offsets change on whole seconds; Intl drops the ms
  const parts = formatter(timeZone).formatToParts(whole);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return local - whole;
}

/** The first instant in (from, to] whose offset is not `offset`; the caller knows the one at `to` is not. */
export function firstOffsetChange(timeZone: string, from: number, to: number, offset: number): number {
  let lo = from;
  let hi = to;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (utcOffsetMs(timeZone, mid) === offset) lo = mid;
    else hi = mid;
  }
  return hi;
}
