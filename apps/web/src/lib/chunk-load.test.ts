import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, chunkLoadTimeoutMs, isChunkLoadError, withChunkTimeout } from './chunk-load';

describe('loading a screen chunk', () => {
  it('gives up with a ChunkLoadError after 120 s', async () => {
    vi.useFakeTimers();
    const result = withChunkTimeout(() => new Promise<never>(() => undefined));
    const assertion = expect(result).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(chunkLoadTimeoutMs - 1);
    let settled = false;
    void result.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(chunkLoadTimeoutMs).toBe(120_000);
  });

  it('resolves with the module when it arrives in time', async () => {
    await expect(withChunkTimeout(() => Promise.resolve({ page: 1 }))).resolves.toEqual({ page: 1 });
  });

  it('recognises the browsers’ messages for a module that cannot be fetched', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('timed out'))).toBe(true);
    const wrapped = new Error('route failed', { cause: new TypeError('Importing a module script failed.') });
    expect(isChunkLoadError(wrapped)).toBe(true);
    expect(isChunkLoadError(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
