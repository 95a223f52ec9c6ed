import type { Compilable, CompiledQuery, Simplify } from 'kysely';
import type { Db } from './client.ts';

/**
 * A query built and compiled once per shape, then run with new values (bench/api: building a list's query with
 * Kysely and compiling it cost more of the server's CPU than pg's whole round trip).
 *
 * `build(db, shape, params)` writes the query as the repository always has, except that every value that changes
 * from call to call is taken from `params`: placeholders that Kysely binds as parameters ($1, $2...), replaced by
 * the caller's values at each run. What changes the SQL text (which filters are there, the sort, a first page's
 * literal LIMIT) is the `shape`: one compiled query per `shapeKey(shape)`, so a shape must come from a closed set
 * (a sort key of the contract's enum, never a user's text). A placeholder used where its value would be written
 * into the text (sql.lit, sql.raw, new Date(...), a comparison at build time) throws, so a value can never be
 * frozen into a shape by mistake.
 */
export function compiledQuery<S, P extends object, R>(
  shapeKey: (shape: S) => string,
  build: (db: Db, shape: S, params: P) => Compilable<R>,
): {
  /** The query of that shape with those values, compiled (its shape's compilation reused). */
  compile: (db: Db, shape: S, values: P) => CompiledQuery<R>;
  /** Its rows, typed as the built query's `execute()` would type them. */
  rows: (db: Db, shape: S, values: P) => Promise<Simplify<R>[]>;
} {
  const shapes = new Map<string, Shape<R>>();
  const compile = (db: Db, shape: S, values: P): CompiledQuery<R> => {
    const key = shapeKey(shape);
    let compiled = shapes.get(key);
    if (!compiled) {
      compiled = compileShape(build(db, shape, placeholders<P>()));
      // A shape from a closed set: a few dozen at most. Past the bound, compiled each time, never forgotten.
      if (shapes.size < maxShapes) shapes.set(key, compiled);
    }
    const { query, slots } = compiled;
    const parameters: unknown[] = new Array(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      if (slot instanceof Placeholder) {
        const value = (values as Record<string, unknown>)[slot.name];
        if (value === undefined) throw new TypeError(`no value for the query parameter "${slot.name}"`);
        parameters[i] = value;
      } else parameters[i] = slot;
    }
    return { sql: query.sql, query: query.query, queryId: query.queryId, parameters };
  };
  return {
    compile,
    rows: async (db, shape, values) => (await db.executeQuery(compile(db, shape, values))).rows,
  };
}

const maxShapes = 256;

type Shape<R> = { query: CompiledQuery<R>; slots: unknown[] };

/** A value to come: Kysely binds it as a parameter like any other value. */
class Placeholder {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
  [Symbol.toPrimitive](): never {
    throw new TypeError(
      `the query parameter "${this.name}" was used as a value while the query was built: ` +
        'bind it as a parameter, or make what depends on it part of the shape',
    );
  }
  toJSON(): never {
    return this[Symbol.toPrimitive]();
  }
}

/** An object whose every property is the placeholder of that name. */
function placeholders<P extends object>(): P {
  const made = new Map<string, Placeholder>();
  return new Proxy({} as P, {
    get: (_, name) => {
      if (typeof name !== 'string') return undefined;
      let p = made.get(name);
      if (!p) made.set(name, (p = new Placeholder(name)));
      return p;
    },
  });
}

function compileShape<R>(built: Compilable<R>): Shape<R> {
  const query = built.compile();
  return { query, slots: [...query.parameters] };
}
