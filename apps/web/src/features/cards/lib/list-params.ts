import { cardListQuerySchema, cardStatuses, type CardStatus } from '@plugboard/contract';

/** The list's search, group filter, tab and page, as the URL holds them (?keyword=&groupId=&status=&pageNum=). */
export type CardListParams = {
  keyword: string;
  /** 0: every group. */
  groupId: number;
  status: CardStatus;
  pageNum: number;
  pageSize: number;
};

export const defaultPageSize = 10;
const maxPageSize = cardListQuerySchema.shape.pageSize.unwrap().maxValue ?? 100;

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed >= 1 ? Math.min(parsed, max) : fallback;
}

/** Anything odd in the URL falls back to the default, so a hand-edited link still opens a list. */
export function readListParams(params: URLSearchParams): CardListParams {
  return {
    keyword: params.get('keyword') ?? '',
    groupId: positiveInt(params.get('groupId'), 0),
    status: cardStatuses.find((status) => status === params.get('status')) ?? 'active',
    pageNum: positiveInt(params.get('pageNum'), 1),
    pageSize: positiveInt(params.get('pageSize'), defaultPageSize, maxPageSize),
  };
}

export function writeListParams(params: URLSearchParams, change: Partial<CardListParams>): URLSearchParams {
  const next = { ...readListParams(params), ...change };
  const result = new URLSearchParams(params);
  const set = (key: string, value: string, isDefault: boolean) =>
    isDefault ? result.delete(key) : result.set(key, value);
  set('keyword', next.keyword, next.keyword === '');
  set('groupId', String(next.groupId), next.groupId === 0);
  set('status', next.status, next.status === 'active');
  set('pageNum', String(next.pageNum), next.pageNum === 1);
  set('pageSize', String(next.pageSize), next.pageSize === defaultPageSize);
  return result;
}

/** What the list and export calls send for these params (no empty keyword, no "every group" id). */
export const filterOf = ({ keyword, groupId, status }: CardListParams) => ({
  keyword: keyword.trim() || undefined,
  groupId: groupId || undefined,
  status,
});
