import { Navigate, useParams } from 'react-router';
import { TaskDetail } from './TaskDetail';

/** The route `/workFlow/flowBefore/:id`: the task page of a list's row. */
export default function FlowBeforePage() {
  const { id } = useParams();
  if (!id || !/^\d{1,19}$/.test(id)) return <Navigate to="/404" replace />;
  return <TaskDetail key={id} id={id} />;
}
