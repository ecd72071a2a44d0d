import { FLOW_LIST_TYPE } from '@srm/contracts/core';
import { TaskList } from '../task/TaskList';

/** Workflow → done (`workFlow.flowDone`): the items I handled (approved, rejected, transferred), newest first. */
export default function FlowDonePage() {
  return <TaskList type={FLOW_LIST_TYPE.done} prefix="flow-done" />;
}
