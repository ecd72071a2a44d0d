import { UserApi, type UserPick } from '@srm/contracts/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { http } from '../../api/request';

/**
 * Query keys of the user pickers (Selector searches and the All list). Under the user screen's
 * prefix (['permission', 'users']), so a user write there refreshes every picker too.
 */
export const USER_PICKER_QUERY_KEY = ['permission', 'users', 'picker'] as const;

/** Every enabled user of the tenant (GET Users/All), for the user tree. */
export function useAllUsers(enabled = true) {
  return useQuery({
    queryKey: [...USER_PICKER_QUERY_KEY, 'all'],
    queryFn: () => http.get<UserPick[]>(UserApi.all),
    enabled,
  });
}

/** "name (account)": how a chosen user is shown. */
export function userLabel(user: Pick<UserPick, 'realName' | 'account'>): string {
  return user.realName ? `${user.realName} (${user.account})` : user.account;
}

/** A user already read by any picker (a Selector search or the All list) still in the query cache. */
export function cachedUser(client: QueryClient, id: string): UserPick | undefined {
  for (const [, data] of client.getQueriesData<UserPick[]>({ queryKey: USER_PICKER_QUERY_KEY })) {
    const hit = data?.find((u) => u.id === id);
    if (hit) return hit;
  }
  return undefined;
}
