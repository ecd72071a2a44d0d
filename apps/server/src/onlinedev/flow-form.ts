import { computeForm, FLOW_STATUS } from '@srm/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types';
import type { RegisteredForm } from '../workflow/forms';
import { designPageOf } from './model-page';
import { modelLimits, writeFlowRow } from './model-rows';

/**
 * A published design as a flow form (`Design<id>`, the workflow's form source): its current
 * published version's form, checked as a model page checks it (the one validator, the shared
 * computations, the model's own limits), and a task of it keeps a row of the design's model in step
 * (`flow_task_id`, `flow_state`: written on submit and resubmit, and when the task ends).
 */

const ID = /^\d{1,18}$/;
const CACHE_MAX = 500;

/** Built forms by tenant, design, published version and the tenant's model versions: a new publish or model change misses. */
const cache = new Map<string, RegisteredForm>();

export async function designFlowForm(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
): Promise<RegisteredForm | null> {
  if (!ID.test(id)) return null;
  // The cheap lookup: which versions the form would be built from.
  const head = await db
    .selectFrom('dm_design as d')
    .select((eb) => [
      'd.published_version',
      // Any model of the tenant changed (the design's, or a lines model of it): built again.
      eb
        .selectFrom('dm_model as m')
        .select(sql<string>`count(*) || ':' || coalesce(sum(m.version), 0)`.as('v'))
        .where('m.tenant_id', '=', tenantId)
        .as('model_version'),
    ])
    .where('d.tenant_id', '=', tenantId)
    .where('d.id', '=', id)
    .where('d.published_version', '>', 0)
    .executeTakeFirst();
  if (!head) return null;
  const key = `${tenantId}:${id}:${head.published_version}:${head.model_version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const page = await designPageOf(db, tenantId, id);
  if (!page) return null;
  const schema = page.content.form;
  const form: RegisteredForm = {
    schema,
    compute: (data) => computeForm(schema.fields, data),
    limits: (data, locale) => modelLimits(page, data, locale),
    onSubmitted: (tx, e) =>
      writeFlowRow(tx, page, {
        tenantId: e.tenantId,
        userId: e.launcherId,
        taskId: e.taskId,
        state: FLOW_STATUS.inProgress,
        data: e.formData,
        locale: e.locale,
      }),
    onFinished: async (tx, outcome) => {
      const task = await tx
        .selectFrom('flow_task')
        .select('launcher_id')
        .where('id', '=', outcome.taskId)
        .executeTakeFirstOrThrow();
      await writeFlowRow(tx, page, {
        tenantId: outcome.tenantId,
        userId: String(task.launcher_id),
        taskId: outcome.taskId,
        state: outcome.status,
        data: outcome.formData,
        // An end has no caller's language at hand (a timer's); a duplicate is refused in the main one.
        locale: 'zh-CN',
      });
    },
  };
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, form);
  return form;
}
