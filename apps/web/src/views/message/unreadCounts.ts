import { MessageApi, type UnreadCount } from '@srm/contracts';
import { http } from '../../api/request';
import { useSocketStore } from '../../store/socket';

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
