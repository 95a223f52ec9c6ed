// Route chunks are fetched on demand; a stalled fetch must not leave a blank screen forever (spec: 120 s).
export const chunkLoadTimeoutMs = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = chunkLoadTimeoutMs): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
}

// The messages browsers give when a dynamically imported module cannot be fetched (usually: a new release replaced
// the hashed file names the open page still refers to).
const chunkFailureMessages = [
  'Failed to fetch dynamically imported module',
  'Importing a module script failed',
  'error loading dynamically imported module',
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  if (chunkFailureMessages.some((text) => error.message.includes(text))) return true;
  // Loaders that wrap the browser's error keep it as the cause.
  return error.cause !== undefined && isChunkLoadError(error.cause);
}
