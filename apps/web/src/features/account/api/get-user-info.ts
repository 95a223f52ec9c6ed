import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { setOwnEnterpriseId } from '../../../lib/storage';

export const userInfoPath = '/cms-system/system/user/v2/detail';

/** The account is its own enterprise: its id is stored as cms-ownEnterpriseId (spec section 3), read by the site list. */
export const getUserInfo = async (): Promise<UserInfo> => {
  const user = await apiPost(userInfoPath);
  setOwnEnterpriseId(user.id);
  return user;
};

export const userInfoQueryKey = ['account', 'user-info'] as const;

// Fetched once when the layout starts; switching sites invalidates this key (spec section 3).
export const getUserInfoQueryOptions = () =>
  queryOptions({ queryKey: userInfoQueryKey, queryFn: getUserInfo, staleTime: Infinity });

export type UseUserInfoOptions = { enabled?: boolean };

export function useUserInfo({ enabled = true }: UseUserInfoOptions = {}) {
  return useQuery({ ...getUserInfoQueryOptions(), enabled });
}
