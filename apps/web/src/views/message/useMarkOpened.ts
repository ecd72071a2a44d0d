import type { MessageItem } from '@srm/contracts/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSocketStore } from '../../store/socket';
import { MESSAGE_QUERY_KEY, messageApi } from './api';

/**
 * Marks a message read as it is opened from a list (the bell's drawer, the home page), before or
 * beside its target opening. The badge takes the server's counts after the read, never a local
 * decrement: the pushed messagePush may already have lowered it, and subtracting again would
 * overshoot.
 */
export function useMarkOpened(): (item: Pick<MessageItem, 'id' | 'stat'>) => Promise<void> {
  const queryClient = useQueryClient();
  const setCounts = useSocketStore((s) => s.setCounts);
  return async (item) => {
    if (item.stat !== 0) return;
    setCounts(await messageApi.read([item.id]));
    void queryClient.invalidateQueries({ queryKey: MESSAGE_QUERY_KEY });
  };
}
