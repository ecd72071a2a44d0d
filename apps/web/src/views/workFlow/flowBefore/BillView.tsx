import type { BillViewProps } from '../../billRegistry';
import { TaskDetail } from './TaskDetail';

/** What /pageLink shows for a workflow message (form address FLOW_TASK_FORM_URL): the task page. */
export default function FlowTaskBillView({ id }: BillViewProps) {
  return <TaskDetail key={id} id={id} />;
}
