import { flowDefinitionSaveSchema } from '@srm/contracts';
import { notFound } from '../core/errors';
import type { FlowContext } from './definition-service';
import { exportBpmn } from './engine';

/**
 * A released version of one of the tenant's flows as a BPMN 2.0 file (`engine/bpmn.ts`), named
 * `{code}.v{version}.bpmn`. Another tenant's definition, a version never released: 404.
 */
export async function versionBpmn(
  ctx: FlowContext,
  id: string,
  version: number,
): Promise<{ body: Buffer; fileName: string; contentType: string }> {
  const row = await ctx.db
    .selectFrom('flow_version as v')
    .innerJoin('flow_definition as d', 'd.id', 'v.definition_id')
    .select(['d.en_code', 'd.full_name', 'v.flow_template_json'])
    .where('d.tenant_id', '=', ctx.tenantId)
    .where('v.tenant_id', '=', ctx.tenantId)
    .where('d.id', '=', id)
    .where('v.version', '=', version)
    .executeTakeFirst();
  if (!row) throw notFound();
  const tree = flowDefinitionSaveSchema.shape.flowTemplateJson.parse(row.flow_template_json);
  const xml = exportBpmn(tree, { code: row.en_code, name: row.full_name, version });
  const fileName = `${row.en_code}.v${version}.bpmn`;
  return { body: Buffer.from(xml, 'utf8'), fileName, contentType: 'application/xml' };
}
