import { siteListQuerySchema } from '@plugboard/contract';

export type Paging = { name: string; pageNum: number; pageSize: number };

export const defaultPageSize = 10;
const maxPageSize = siteListQuerySchema.shape.pageSize.unwrap().maxValue ?? 100;

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed >= 1 ? Math.min(parsed, max) : fallback;
}

/** The list's search and page from the URL (?name=&pageNum=&pageSize=); anything odd falls back to the default. */
export function readPaging(params: URLSearchParams): Paging {
  return {
    name: params.get('name') ?? '',
    pageNum: positiveInt(params.get('pageNum'), 1),
    pageSize: positiveInt(params.get('pageSize'), defaultPageSize, maxPageSize),
  };
}

export function writePaging(params: URLSearchParams, change: Partial<Paging>): URLSearchParams {
  const next = { ...readPaging(params), ...change };
  const result = new URLSearchParams(params);
  const set = (key: string, value: string, isDefault: boolean) =>
    isDefault ? result.delete(key) : result.set(key, value);
  set('name', next.name, next.name === '');
  set('pageNum', String(next.pageNum), next.pageNum === 1);
  set('pageSize', String(next.pageSize), next.pageSize === defaultPageSize);
  return result;
}
