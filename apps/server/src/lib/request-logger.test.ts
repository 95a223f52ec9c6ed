import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger } from './request-logger.ts';

function aLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

describe('lazyRequestLogger', () => {
  it('makes no child for lines below the level, and one with the request id for a line logged', () => {
    const { logger, lines } = aLogger('warn');
    const child = vi.spyOn(logger, 'child');
    const log = lazyRequestLogger(logger, { reqId: 'r-1' }, { level: 'warn' });
    log.info('incoming request');
    log.debug('detail');
    expect(child).not.toHaveBeenCalled();
    log.error({ code: 7 }, 'unhandled error');
    log.warn('again');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { reqId: 'r-1', code: 7, msg: 'unhandled error', level: 50 },
      { reqId: 'r-1', msg: 'again', level: 40 },
    ]);
  });

  it("logs at the route's own level when it has one, and its children carry both bindings", () => {
    const { logger, lines } = aLogger('warn');
    const log = lazyRequestLogger(logger, { reqId: 'r-2' }, { level: 'info' });
    log.info('kept');
    log.child({ module: 'm' }).warn('nested');
    expect(lines).toMatchObject([
      { reqId: 'r-2', msg: 'kept' },
      { reqId: 'r-2', module: 'm', msg: 'nested' },
    ]);
    expect(log.level).toBe('info');
  });
});
