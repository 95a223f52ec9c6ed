/** How a charger's answer reads: done, done later (or after a reboot), or refused. */
export function answerSeverity(status: string): 'success' | 'warning' | 'error' {
  if (status === 'Accepted' || status === 'Unlocked') return 'success';
  if (status === 'Scheduled' || status === 'RebootRequired') return 'warning';
  return 'error';
}
