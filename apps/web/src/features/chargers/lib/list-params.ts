import { chargerListQuerySchema, chargerStatuses, type ChargerStatus } from '@plugboard/contract';

/** The list's search, status filter and page, as the URL holds them (?keyword=&status=&pageNum=&pageSize=). */
export type ChargerListParams = {
  keyword: string;
  status: ChargerStatus | '';
  pageNum: number;
  pageSize: number;
};

export const defaultPageSize = 10;
const maxPageSize = chargerListQuerySchema.shape.pageSize.unwrap().maxValue ?? 100;

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed >= 1 ? Math.min(parsed, max) : fallback;
}

const asStatus = (value: string | null): ChargerStatus | '' =>
  chargerStatuses.find((status) => status === value) ?? '';

/** Anything odd in the URL falls back to the default, so a hand-edited link still opens a list. */
export function readListParams(params: URLSearchParams): ChargerListParams {
  return {
    keyword: params.get('keyword') ?? '',
    status: asStatus(params.get('status')),
    pageNum: positiveInt(params.get('pageNum'), 1),
    pageSize: positiveInt(params.get('pageSize'), defaultPageSize, maxPageSize),
  };
}

export function writeListParams(
  params: URLSearchParams,
  change: Partial<ChargerListParams>,
): URLSearchParams {
  const next = { ...readListParams(params), ...change };
  const result = new URLSearchParams(params);
  const set = (key: string, value: string, isDefault: boolean) =>
    isDefault ? result.delete(key) : result.set(key, value);
  set('keyword', next.keyword, next.keyword === '');
  set('status', next.status, next.status === '');
  set('pageNum', String(next.pageNum), next.pageNum === 1);
  set('pageSize', String(next.pageSize), next.pageSize === defaultPageSize);
  return result;
}
