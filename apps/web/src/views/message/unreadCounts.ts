import type { QueryClient } from '@tanstack/react-query';
import { useSocketStore } from '../../store/socket';
import { MESSAGE_QUERY_KEY, messageApi } from './api';

/**
 * Reloads the bell's counts from the server. The socket pushes them too; this keeps the badge right
 * when a screen changes read state while the socket is reconnecting.
 */
export async function refreshUnreadCounts(): Promise<void> {
  const counts = await messageApi.unread().catch(() => null);
  if (counts) useSocketStore.getState().setCounts(counts);
}

/** Reloads the message lists (drawer, centre, mail) after read state changed; open details stay. */
export function invalidateMessageLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: MESSAGE_QUERY_KEY,
    predicate: (q) => q.queryKey[1] !== 'detail',
  });
}
