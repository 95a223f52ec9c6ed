/** The e-mail one account screen hands to the next in the router state (forgot -> reset -> login). */
export type EmailState = { email: string };

export function emailFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('email' in state)) return undefined;
  return typeof state.email === 'string' ? state.email : undefined;
}
