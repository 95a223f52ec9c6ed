/**
 * Groups a row stream into batches of `size`, asking for the row after each batch before handing the batch out:
 * with a cursor read `size` rows at a time, the database produces the next batch while this one is written.
 * Ending early (a download given up) closes the source.
 */
export async function* batchesReadAhead<T>(
  source: AsyncIterableIterator<T>,
  size: number,
): AsyncGenerator<T[]> {
  let next = source.next();
  try {
    for (;;) {
      const batch: T[] = [];
      let result = await next;
      while (!result.done) {
        batch.push(result.value);
        if (batch.length === size) break;
        result = await source.next();
      }
      if (result.done) {
        if (batch.length > 0) yield batch;
        return;
      }
      next = source.next();
      // Handled here too: if the consumer stops before awaiting it, its failure must not go unhandled.
      next.catch(() => {});
      yield batch;
    }
  } finally {
    await source.return?.();
  }
}
