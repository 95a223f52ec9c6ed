import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticeSave, Notices } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const noticeDetailPath = '/cms-system/system/notice/v2/detail';
export const noticeSavePath = '/cms-system/system/notice/v2/save';

export const noticesQueryKey = ['notices'] as const;

/** The selected site's display notice and invoice footer, as the server stored them (cleaned HTML). */
export const getNoticesQueryOptions = () =>
  queryOptions({ queryKey: noticesQueryKey, queryFn: (): Promise<Notices> => apiPost(noticeDetailPath) });

export function useNotices() {
  return useQuery(getNoticesQueryOptions());
}

/** Saves the texts given (a text left out stays as it was); the answer is what the server stored after cleaning. */
export function useSaveNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<NoticeSave, 'stationId'>): Promise<Notices> => apiPost(noticeSavePath, body),
    onSuccess: (stored) => queryClient.setQueryData(noticesQueryKey, stored),
  });
}
