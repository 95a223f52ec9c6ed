import { useSyncExternalStore } from 'react';
import { verificationResendSeconds } from '@plugboard/contract';

// When each address may be sent another code, shared by every screen that sends one (register, check, forgot,
// reset, change of e-mail): the server refuses a second code to one address within a minute, whichever screen
// asked for the first.
const readyAt = new Map<string, number>();
const listeners = new Set<() => void>();

const keyOf = (email: string) => email.trim().toLowerCase();

export function startCodeCooldown(email: string): void {
  readyAt.set(keyOf(email), Date.now() + verificationResendSeconds * 1000);
  for (const listener of listeners) listener();
}

function secondsLeft(email: string): number {
  const until = readyAt.get(keyOf(email)) ?? 0;
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // The count goes down by itself: re-read a few times a second (React re-renders only when the number changes).
  const timer = setInterval(listener, 250);
  return () => {
    listeners.delete(listener);
    clearInterval(timer);
  };
}

/** Seconds until another code may be sent to `email`; 0 when it may be sent now. */
export function useCodeCooldown(email: string): number {
  return useSyncExternalStore(
    subscribe,
    () => secondsLeft(email),
    () => 0,
  );
}
