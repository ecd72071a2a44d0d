import { MessageApi, type UnreadCount } from '@srm/contracts/core';
import type { QueryClient } from '@tanstack/react-query';
import { http } from '../../api/request';
import { useSocketStore } from '../../store/socket';

/** The query key prefix of every message list and detail. */
export const MESSAGE_QUERY_KEY = ['message'] as const;

/**
 * Reloads the bell's counts from the server. The socket pushes them too; this keeps the badge right
 * when a screen changes read state while the socket is reconnecting.
 */
export async function refreshUnreadCounts(): Promise<void> {
  const counts = await http
    .get<UnreadCount>(MessageApi.unread, undefined, { silent: true })
    .catch(() => null);
  if (counts) useSocketStore.getState().setCounts(counts);
}

/** Reloads the message lists (drawer, centre, mail) after read state changed; open details stay. */
export function invalidateMessageLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: MESSAGE_QUERY_KEY,
    predicate: (q) => q.queryKey[1] !== 'detail',
  });
}
