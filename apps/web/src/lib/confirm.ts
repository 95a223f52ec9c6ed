// A module-level confirm-dialog queue: `confirm()` can be called from anywhere (including the api-client) and
// resolves once the user answers. The dialog host in components/ui renders the first pending request.
export type ConfirmType = 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

export type ConfirmOptions = {
  title: string;
  /** Line breaks are kept on screen. */
  content: string;
  /** Shown unless set to false. */
  showCancel?: boolean;
  confirmText?: string;
  cancelText?: string;
  /** Colour of the confirm button; defaults to the type's colour. */
  confirmColor?: ConfirmType;
  type?: ConfirmType;
};

export type ConfirmRequest = ConfirmOptions & { id: number; resolve: (confirmed: boolean) => void };

type Listener = () => void;

let queue: readonly ConfirmRequest[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function setQueue(next: readonly ConfirmRequest[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    setQueue([...queue, { type: 'primary', showCancel: true, ...options, id: nextId++, resolve }]);
  });
}

export function answerConfirm(id: number, confirmed: boolean): void {
  const request = queue.find((item) => item.id === id);
  if (!request) return;
  setQueue(queue.filter((item) => item.id !== id));
  request.resolve(confirmed);
}

export function getPendingConfirm(): ConfirmRequest | null {
  return queue[0] ?? null;
}

export function subscribeToConfirms(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
