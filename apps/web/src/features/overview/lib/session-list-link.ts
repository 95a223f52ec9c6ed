const two = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the browser's zone, to the minute: how the sessions list's URL holds it. */
function localInput(instant: number): string {
  const d = new Date(instant);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * The sessions list filtered as the period's figures count: completed sessions that started in [from, to). The list
 * reads its range in the browser's zone, to the minute, its end included to the last second of that minute: the
 * period's instants written in the browser's zone, the end one minute before `to`, select the same sessions
 * whatever zone the browser is in.
 */
export function sessionListLink(period: { from: string; to: string }): string {
  const params = new URLSearchParams({
    from: localInput(Date.parse(period.from)),
    to: localInput(Date.parse(period.to) - 60_000),
    status: 'complete',
  });
  return `/sessionList?${params.toString()}`;
}
