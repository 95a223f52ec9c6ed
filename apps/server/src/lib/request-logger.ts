import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilent } from 'pino';

type Level = Exclude<LevelWithSilent, 'silent'>;

/**
 * Fastify gives every request a child logger with its request id bound. Made by pino with options (fastify always
 * passes the route's level), a child rebuilds its formatters and its level methods: about as much CPU as the
 * rest of fastify's own work for a call (bench/api). Most requests log nothing at the level a node runs at (warn
 * by default), so the child is made at its first line of an enabled level, with the same bindings and options: a
 * line logged reads the same.
 */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyLogger(logger, bindings, options);
}

class LazyLogger {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  /** The lowest level value logged (pino's numbers: trace 10 ... fatal 60). */
  readonly #threshold: number;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.#threshold = valueOf(parent, options.level ?? parent.level);
  }

  #child(): FastifyBaseLogger {
    return (this.#made ??= this.#parent.child(this.#bindings, this.#options));
  }

  #log(level: Level, args: unknown[]) {
    if (valueOf(this.#parent, level) < this.#threshold) return;
    const child = this.#child();
    child[level](...(args as Parameters<typeof child.info>));
  }

  get level(): string {
    return this.#made?.level ?? this.#options.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#child().level = level;
  }

  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#child().child(bindings, options);
  }
}

const valueOf = (logger: FastifyBaseLogger, level: string): number =>
  (logger as unknown as { levels: { values: Record<string, number> } }).levels.values[level] ?? Infinity;
