import { MESSAGE_TYPE } from '@srm/contracts/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onFrame, onSocketOpen } from '../../../../store/socket';
import { vendorKeys } from '../../api';

/**
 * Keeps the inbox lists (the inbox page, the supplier's home) live: a vendor notice's message
 * pushed over the socket (published, or a reminder) and every socket reconnect read the lists
 * again, so a new notice shows without a reload. The open notice is left alone: reading it again
 * would reset the reply being written.
 */
export function useInboxLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: [...vendorKeys.inbox(), 'list'] });
    const offPush = onFrame('messagePush', (frame) => {
      if (frame.messageType === MESSAGE_TYPE.vendorNotice) refresh();
    });
    const offOpen = onSocketOpen(refresh);
    return () => {
      offPush();
      offOpen();
    };
  }, [queryClient]);
}
