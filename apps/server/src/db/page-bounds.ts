import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * LIMIT and OFFSET of a page. PostgreSQL plans a LIMIT or OFFSET it cannot see (a parameter) as if 10 % of the rows
 * were wanted: the generic plan of a named statement (db/client.ts) for a first page of 10 then costs far more than
 * its custom plans, and the statement is planned anew on every run (bench/api: 0.4 to 0.9 ms of PostgreSQL's CPU per
 * list call, more than the query's own work). So a first page's limit is written as a literal and it has no OFFSET:
 * one text per page size, planned once per connection. A later page keeps both as parameters (planned per run, as
 * before), so that the statement texts stay few: `limit` must come from a small set (a page size of the contract,
 * at most 100, or such a size plus a constant).
 */
export function pageBounds<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  limit: number,
  offset: number,
): SelectQueryBuilder<DB, TB, O> {
  return offset === 0 ? query.limit(literal(limit)) : query.limit(limit).offset(offset);
}

/** A count's LIMIT (it has no offset) beside a page's: a literal with a first page's, as `pageBounds` writes it. */
export function countBound<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  limit: number,
  firstPage: boolean,
): SelectQueryBuilder<DB, TB, O> {
  return firstPage ? query.limit(literal(limit)) : query.limit(limit);
}

function literal(n: number) {
  // Written into the statement's text: never anything but a whole number.
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a row count: ${n}`);
  return sql.lit(n);
}
