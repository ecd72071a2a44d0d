import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useTagsViewStore } from '../../../store/tagsView';
import { flowTaskApi, flowTaskKeys } from '../task/api';
import { TaskDetail } from './TaskDetail';

const TASK_ID = /^\d{1,19}$/;

/**
 * The route `/workFlow/flowBefore/:id`: the task page of a list's row. Its tab takes the task's bill
 * number, so that several open tasks can be told apart (the detail query is the page's own, shared).
 */
export default function FlowBeforePage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const valid = TASK_ID.test(id);
  const detail = useQuery({
    queryKey: flowTaskKeys.detail(id),
    queryFn: () => flowTaskApi.detail(id),
    retry: false,
    enabled: valid,
  });
  const billNo = detail.data?.task.billNo;
  const nameView = useTagsViewStore((s) => s.nameView);
  // The shell adds the tab after this page's first effects run: named once it is there.
  const listed = useTagsViewStore((s) => s.visitedViews.some((v) => v.path === pathname));
  useEffect(() => {
    if (billNo && listed) nameView(pathname, billNo);
  }, [billNo, listed, pathname, nameView]);
  if (!valid) return <Navigate to="/404" replace />;
  return <TaskDetail key={id} id={id} />;
}
