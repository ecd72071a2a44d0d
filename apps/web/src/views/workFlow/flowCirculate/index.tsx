import { FLOW_LIST_TYPE } from '@srm/contracts/core';
import { TaskList } from '../task/TaskList';

/** Workflow → copied to me (`workFlow.flowCirculate`): the tasks copied to me, with where each stands now. */
export default function FlowCirculatePage() {
  return <TaskList type={FLOW_LIST_TYPE.circulate} prefix="flow-circulate" />;
}
