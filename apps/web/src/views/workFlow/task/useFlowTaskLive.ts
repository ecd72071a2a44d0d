import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMenuBadges } from '../../../store/menuBadges';
import { usePermissionStore } from '../../../store/permission';
import { onFrame, onSocketOpen } from '../../../store/socket';
import { FLOW_TASK_QUERY_KEY, flowTaskApi, flowTaskKeys } from './api';

/** The to-do page's path (its menu entry shows the count). */
export const TODO_PATH = '/workFlow/flowTodo';

/**
 * Keeps the task screens live, from the shell: every `messagePush` (a to-do arrived or was taken by
 * someone else, a step of a task I launched, a result) and every socket reconnect reads the task
 * queries again — lists, the open task page and the to-do count beside the to-do menu entry. The
 * count is the to-do list's total (it includes the items delegated to me, which the push's own
 * `todoCount` does not).
 */
export function useFlowTaskLive(): void {
  const queryClient = useQueryClient();
  const hasTodo = usePermissionStore((s) => !!s.routeMap[TODO_PATH]);
  const setBadge = useMenuBadges((s) => s.setBadge);
  const count = useQuery({
    queryKey: flowTaskKeys.todoCount(),
    queryFn: flowTaskApi.todoCount,
    enabled: hasTodo,
  });
  useEffect(() => {
    setBadge(TODO_PATH, hasTodo ? (count.data ?? 0) : 0);
  }, [hasTodo, count.data, setBadge]);
  useEffect(() => {
    // Not the forms being filled in: a push must not reset what the user types.
    const refresh = () =>
      void queryClient.invalidateQueries({
        queryKey: FLOW_TASK_QUERY_KEY,
        predicate: (q) => ['list', 'todoCount', 'detail'].includes(String(q.queryKey[2])),
      });
    const offPush = onFrame('messagePush', refresh);
    const offOpen = onSocketOpen(refresh);
    return () => {
      offPush();
      offOpen();
    };
  }, [queryClient]);
}
