import {
  chargingSessionStatuses,
  sessionSortFields,
  type ChargingSessionStatus,
  type SessionListQuery,
  type SessionSortField,
} from '@plugboard/contract';
import { endInstant, startInstant } from './range';

/** The list's filters, sort and page as the URL holds them; the range as typed (datetime-local, site's zone). */
export type SessionListParams = {
  from: string;
  to: string;
  chargerId: number | null;
  cardId: string;
  status: ChargingSessionStatus | '';
  sortBy: SessionSortField;
  sortOrder: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
};

export const defaultPageSize = 10;
export const maxPageSize = 100;
export const defaultSort = { sortBy: 'startTime', sortOrder: 'desc' } as const;

function positiveInt(value: string | null, fallback: number | null, max = Number.MAX_SAFE_INTEGER) {
  const parsed = Number(value);
  return value !== null && Number.isSafeInteger(parsed) && parsed >= 1 ? Math.min(parsed, max) : fallback;
}

const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.find((option) => option === value) ?? fallback;

/** Anything odd in the URL falls back to the default, so a hand-edited link still opens a list. */
export function readListParams(params: URLSearchParams): SessionListParams {
  return {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    chargerId: positiveInt(params.get('chargerId'), null),
    cardId: params.get('cardId') ?? '',
    status: oneOf<ChargingSessionStatus | ''>(chargingSessionStatuses, params.get('status'), ''),
    sortBy: oneOf(sessionSortFields, params.get('sortBy'), defaultSort.sortBy),
    sortOrder: oneOf(['asc', 'desc'], params.get('sortOrder'), defaultSort.sortOrder),
    pageNum: positiveInt(params.get('pageNum'), 1) ?? 1,
    pageSize: positiveInt(params.get('pageSize'), defaultPageSize, maxPageSize) ?? defaultPageSize,
  };
}

export function writeListParams(
  params: URLSearchParams,
  change: Partial<SessionListParams>,
): URLSearchParams {
  const next = { ...readListParams(params), ...change };
  const result = new URLSearchParams(params);
  const set = (key: string, value: string, isDefault: boolean) =>
    isDefault ? result.delete(key) : result.set(key, value);
  set('from', next.from, next.from === '');
  set('to', next.to, next.to === '');
  set('chargerId', String(next.chargerId), next.chargerId === null);
  set('cardId', next.cardId, next.cardId === '');
  set('status', next.status, next.status === '');
  set('sortBy', next.sortBy, next.sortBy === defaultSort.sortBy);
  set('sortOrder', next.sortOrder, next.sortOrder === defaultSort.sortOrder);
  set('pageNum', String(next.pageNum), next.pageNum === 1);
  set('pageSize', String(next.pageSize), next.pageSize === defaultPageSize);
  return result;
}

/**
 * The filter part of a list or export call (without stationId, which the api-client adds); the range is read in the
 * site's zone.
 */
export function filterBody(
  params: SessionListParams,
  timeZone?: string,
): Omit<SessionListQuery, 'stationId' | 'pageNum' | 'pageSize'> {
  return {
    startFrom: params.from ? startInstant(params.from, timeZone) : undefined,
    startTo: params.to ? endInstant(params.to, timeZone) : undefined,
    chargerId: params.chargerId ?? undefined,
    cardId: params.cardId.trim() || undefined,
    status: params.status || undefined,
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
  };
}
