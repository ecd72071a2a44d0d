import { FLOW_TASK_FORM_URL } from '@srm/contracts/core';

/** The task page of a task (the FLOW_TASK_FORM_URL route, the address messages link to). */
export const taskPath = (id: string) => `/${FLOW_TASK_FORM_URL}/${id}`;
