import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const userInfoPath = '/cms-system/system/user/v2/detail';

export const getUserInfo = (): Promise<UserInfo> => apiPost(userInfoPath);

export const userInfoQueryKey = ['account', 'user-info'] as const;

// Fetched once when the layout starts; switching sites invalidates this key (spec section 3).
export const getUserInfoQueryOptions = () =>
  queryOptions({ queryKey: userInfoQueryKey, queryFn: getUserInfo, staleTime: Infinity });

export type UseUserInfoOptions = { enabled?: boolean };

export function useUserInfo({ enabled = true }: UseUserInfoOptions = {}) {
  return useQuery({ ...getUserInfoQueryOptions(), enabled });
}
