import { FLOW_LIST_TYPE } from '@srm/contracts/core';
import { TaskList } from '../task/TaskList';
import { BatchApprove } from './BatchApprove';

/**
 * Workflow → to-do (`workFlow.flowTodo`): my open items and those delegated to me, filtered; several
 * approved at once; each handled on its task page. A new or taken to-do shows without a reload.
 */
export default function FlowTodoPage() {
  return (
    <TaskList
      type={FLOW_LIST_TYPE.todo}
      prefix="flow-todo"
      selectable
      viewLabel="handle"
      actions={(selected, clear) => <BatchApprove selected={selected} onDone={clear} />}
    />
  );
}
