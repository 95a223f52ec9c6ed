import { setToken } from './storage';

// A new session must not see what an earlier one left in the query cache (it may belong to someone else). The cache
// comes with the data layout, which the account screens (login, register) do not load: it subscribes here once it
// exists, and before that there is nothing to empty.
type Listener = () => void;

const listeners = new Set<Listener>();

export function onSessionStart(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps the token of a new session (login, registration) after emptying what the previous one cached. */
export function startSession(token: string): void {
  for (const listener of listeners) listener();
  setToken(token);
}
