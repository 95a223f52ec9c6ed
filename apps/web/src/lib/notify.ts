// A module-level notification store so that code outside React (the api-client) can show a message.
// The shell shows one message at a time: a new message replaces the one on screen.
export type NotificationSeverity = 'success' | 'info' | 'warning' | 'error';

export type Notification = { id: number; message: string; severity: NotificationSeverity };

export type NotifyOptions = { message: string; severity?: NotificationSeverity };

type Listener = () => void;

let current: Notification | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function notify({ message, severity = 'info' }: NotifyOptions): void {
  current = { id: nextId++, message, severity };
  emit();
}

export function dismissNotification(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

export function getCurrentNotification(): Notification | null {
  return current;
}

export function subscribeToNotifications(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
