// The workflow engine's pure core: no database, no clock, no network. The service layer loads a task,
// calls `transition`, then writes the new state and turns the effects into rows, messages and jobs.
export { exportBpmn } from './bpmn';
export { chooseBranch, evaluateCondition } from './condition';
export { delegationFor, delegationProblem } from './delegation';
export { transition } from './transition';
export { indexTree } from './tree';
export type * from './types';
export { validateTree } from './validate';
