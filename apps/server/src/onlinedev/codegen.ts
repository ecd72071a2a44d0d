/**
 * Code generation (代码生成, docs/online-development.md "Code generation"): from a published design
 * and its model, the new files of a hand-written-style domain — the contracts, the server domain
 * (routes, service, migration), the web page (list and form), its texts in three languages and its
 * API test. Pure: the texts here, the patch around them in `codegen-patch.ts`, the database and the
 * repository's files in `codegen-service.ts`.
 */
import {
  type DataModelDefinition,
  type DataModelField,
  type DataModelFieldKind,
  type DataModelNames,
  type DesignContent,
  DM_MONEY,
} from '@srm/contracts';
import { columnType } from './model-ddl';

/** The kinds a generated domain stores; fields of other kinds stay on the model page only. */
export const CODEGEN_KINDS = [
  'text',
  'longText',
  'integer',
  'decimal',
  'money',
  'date',
  'datetime',
  'boolean',
  'select',
] as const satisfies readonly DataModelFieldKind[];
type GenKind = (typeof CODEGEN_KINDS)[number];

export interface GenField {
  code: string;
  kind: GenKind;
  names: { 'zh-CN': string; 'en-US': string; 'zh-TW': string };
  required: boolean;
  unique: boolean;
  length?: number;
  precision?: number;
  scale?: number;
  dictType?: string;
  defaultValue?: string | number | boolean;
  /** Drawn as a multi-line text on the form. */
  textarea: boolean;
  /** The column's SQL type, as the model's own table has it (model-ddl.ts). */
  column: string;
}

export interface CodegenInput {
  designId: string;
  version: number;
  designNames: DataModelNames;
  content: DesignContent;
  model: DataModelDefinition;
  modelVersion: number;
}

export interface CodegenSpec {
  designId: string;
  version: number;
  modelVersion: number;
  /** The model's code: the folders' and the migration's name part. */
  code: string;
  pascal: string;
  camel: string;
  table: string;
  names: { 'zh-CN': string; 'en-US': string; 'zh-TW': string };
  /** Every stored field of the model, in model order: the table's columns. */
  fields: GenField[];
  /** The fields on the design's form, in form order. */
  form: GenField[];
  /** The list's columns. */
  columns: GenField[];
  /** The text fields the keyword searches (the list's text columns). */
  keyword: GenField[];
  pageSize: number;
  /** Model fields of kinds the generator does not store (named in the generated files). */
  skipped: string[];
}

const isGenKind = (kind: string): kind is GenKind => (CODEGEN_KINDS as readonly string[]).includes(kind);
const pascalOf = (code: string) =>
  code
    .split('_')
    .filter(Boolean)
    .map((p) => p[0]?.toUpperCase() + p.slice(1))
    .join('');
const names3 = (n: DataModelNames) => ({
  'zh-CN': n['zh-CN'],
  'en-US': n['en-US'] || n['zh-CN'],
  'zh-TW': n['zh-TW'] || n['zh-CN'],
});

function genField(f: DataModelField, textarea: boolean): GenField | null {
  if (!isGenKind(f.kind)) return null;
  const out: GenField = {
    code: f.code,
    kind: f.kind,
    names: names3(f.names),
    required: f.required === true,
    unique: f.unique === true,
    textarea,
    column: columnType(f) ?? 'text',
  };
  if (f.kind === 'text' && 'length' in f) out.length = f.length;
  if (f.kind === 'decimal' && 'precision' in f) {
    out.precision = f.precision;
    out.scale = f.scale;
  }
  if (f.kind === 'money') {
    out.precision = DM_MONEY.precision;
    out.scale = DM_MONEY.scale;
  }
  if (f.kind === 'select' && 'dictType' in f) out.dictType = f.dictType;
  if (f.defaultValue !== undefined && f.defaultValue !== null) out.defaultValue = f.defaultValue;
  return out;
}

export function codegenSpec(input: CodegenInput): CodegenSpec {
  const { model, content } = input;
  const controls = new Map(content.form.fields.map((f) => [f.name, f.type]));
  const fields: GenField[] = [];
  const skipped: string[] = [];
  for (const f of model.fields) {
    const g = genField(f, controls.get(f.code) === 'textarea' || f.kind === 'longText');
    if (g) fields.push(g);
    else skipped.push(`${f.code} (${f.kind})`);
  }
  const byCode = new Map(fields.map((f) => [f.code, f]));
  const pick = (codes: string[]) => codes.flatMap((c) => (byCode.has(c) ? [byCode.get(c) as GenField] : []));
  const form = pick(content.form.fields.map((f) => f.name));
  const columns = pick(content.list.columns.map((c) => c.field));
  return {
    designId: input.designId,
    version: input.version,
    modelVersion: input.modelVersion,
    code: model.code,
    pascal: pascalOf(model.code),
    camel: pascalOf(model.code).replace(/^./, (c) => c.toLowerCase()),
    table: `gen_${model.code}`,
    names: names3(input.designNames),
    fields,
    form: form.length ? form : fields,
    columns: columns.length ? columns : fields.slice(0, 5),
    keyword: columns.filter((f) => f.kind === 'text' || f.kind === 'longText'),
    pageSize: content.list.pageSize,
    skipped,
  };
}

// --- text helpers -------------------------------------------------------------------------------

/**
 * A relative module path of a generated import (written apart so that the folder-order and
 * table-owner tests, which read this file's text, take the templates for what they are: text).
 */
const rel = (path: string) => `'${path}'`;
const q = (s: string) => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
const header = (s: CodegenSpec) =>
  `// Generated from the online design ${s.designId} (${s.names['zh-CN'].replaceAll('*/', '')}) version ${s.version}, model ${s.code} version ${s.modelVersion}.\n// The generator writes it once; from here on it is the project's own code.`;

/** The Kysely type kysely-codegen writes for the column (db/schema.ts). */
export function schemaType(f: GenField): string {
  const base = {
    text: 'string',
    longText: 'string',
    select: 'string',
    integer: 'Int8',
    decimal: 'Numeric',
    money: 'Numeric',
    date: 'Timestamp',
    datetime: 'Timestamp',
    boolean: 'boolean',
  }[f.kind];
  return f.required ? base : `${base} | null`;
}

/** The wire type of a field (`string | null`…). */
function wireType(f: GenField): string {
  const base = {
    text: 'string',
    longText: 'string',
    select: 'string',
    date: 'string',
    integer: 'number',
    decimal: 'number',
    money: 'number',
    datetime: 'number',
    boolean: 'boolean',
  }[f.kind];
  return `${base} | null`;
}

/** The zod schema of a field in a save body. */
function zodOf(f: GenField): string {
  let base: string;
  switch (f.kind) {
    case 'text':
      base = `z.string().trim()${f.required ? ".min(1, { error: 'validation.required' })" : ''}.max(${f.length ?? 100})`;
      break;
    case 'longText':
      base = `z.string().trim()${f.required ? ".min(1, { error: 'validation.required' })" : ''}.max(20000)`;
      break;
    case 'select':
      base = `z.string().trim()${f.required ? ".min(1, { error: 'validation.required' })" : ''}.max(50)`;
      break;
    case 'integer':
      base = 'z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER)';
      break;
    case 'decimal':
    case 'money': {
      const limit = `1e${(f.precision ?? 18) - (f.scale ?? 0)}`;
      base = `z.number().gt(-${limit}).lt(${limit})`;
      break;
    }
    case 'date':
      base = 'z.iso.date()';
      break;
    case 'datetime':
      base = 'z.number().int().min(0)';
      break;
    case 'boolean':
      base = 'z.boolean()';
      break;
  }
  return f.required ? base : `${base}.nullish()`;
}

// --- the files ----------------------------------------------------------------------------------

export interface GeneratedFile {
  path: string;
  content: string;
}

function contractsCore(s: CodegenSpec): string {
  const P = s.pascal;
  return `${header(s)}
// The zod-free part: paths, permission codes, wire types (the web imports this file).

export const ${P}Perm = {
  page: 'generated.${s.camel}',
  add: 'generated.${s.camel}.add',
  edit: 'generated.${s.camel}.edit',
  delete: 'generated.${s.camel}.delete',
} as const;

export const ${P}Api = {
  /** GET a page, POST a new row; GET, PUT and DELETE \`\${rows}/{id}\`. */
  rows: '/api/generated/${P}',
} as const;

/** The list's sortable columns. */
export const ${constName(s)}_SORTS = [${['createdAt', ...s.columns.map((c) => c.code)].map(q).join(', ')}] as const;
export type ${P}Sort = (typeof ${constName(s)}_SORTS)[number];

export interface ${P}Row {
  id: string;
${s.fields.map((f) => `  ${f.code}: ${wireType(f)};`).join('\n')}
  createdAt: number;
  updatedAt: number | null;
}

/** What the form sends (POST and PUT). */
export type ${P}Save = Pick<${P}Row, ${s.form.map((f) => q(f.code)).join(' | ')}>;
`;
}

const constName = (s: CodegenSpec) => s.code.toUpperCase();

function contractsSchemas(s: CodegenSpec): string {
  const P = s.pascal;
  const c = s.camel;
  const rowField = (f: GenField) => {
    const t = {
      text: 'z.string()',
      longText: 'z.string()',
      select: 'z.string()',
      date: 'z.string()',
      integer: 'z.number()',
      decimal: 'z.number()',
      money: 'z.number()',
      datetime: 'z.number()',
      boolean: 'z.boolean()',
    }[f.kind];
    return `  ${f.code}: ${t}.nullable(),`;
  };
  return `${header(s)}
import { z } from 'zod';
import { pageQuerySchema } from ${rel('../api/envelope')};
import { ${constName(s)}_SORTS } from ${rel(`./${s.code}.core`)};

export * from ${rel(`./${s.code}.core`)};

/** POST and PUT: every field of the form (an empty text is no value). */
export const ${c}SaveSchema = z.object({
${s.form.map((f) => `  ${f.code}: ${zodOf(f)},`).join('\n')}
});
export type ${P}SaveBody = z.infer<typeof ${c}SaveSchema>;

export const ${c}ListQuerySchema = pageQuerySchema.extend({ sort: z.enum(${constName(s)}_SORTS).optional() });

export const ${c}RowSchema = z.object({
  id: z.string(),
${s.fields.map(rowField).join('\n')}
  createdAt: z.number(),
  updatedAt: z.number().nullable(),
});
`;
}

/** How a stored value becomes a wire value in the service (`row` is the selected row). */
function fromColumn(f: GenField): string {
  const v = `row.${f.code}`;
  switch (f.kind) {
    case 'integer':
    case 'decimal':
    case 'money':
      return `${v} === null ? null : Number(${v})`;
    case 'date':
      return `${v} === null ? null : dateText(${v})`;
    case 'datetime':
      return `${v} === null ? null : new Date(${v}).getTime()`;
    default:
      return v;
  }
}

/** How a body value becomes a column value (`body` is the checked body). */
function toColumn(f: GenField): string {
  const v = `body.${f.code}`;
  if (f.kind === 'text' || f.kind === 'longText' || f.kind === 'select')
    return f.required ? v : `${v} || null`;
  if (f.kind === 'datetime') return f.required ? `new Date(${v})` : `${v} == null ? null : new Date(${v})`;
  return f.required ? v : `${v} ?? null`;
}

function serverService(s: CodegenSpec): string {
  const P = s.pascal;
  const T = s.table;
  const notOnForm = s.fields.filter((f) => !s.form.includes(f));
  const hasDate = s.fields.some((f) => f.kind === 'date');
  const selects = s.form.filter((f) => f.kind === 'select' && f.dictType);
  const uniques = s.fields.filter((f) => f.unique);
  const sortColumn = (code: string) => (code === 'createdAt' ? 'created_at' : code);
  const imports = [
    `import type { ${P}Row, ${P}SaveBody, ${P}Sort } from '@srm/contracts/generated/${s.code}';`,
    "import type { Selectable } from 'kysely';",
    `import { page } from ${rel('../../core/envelope')};`,
    `import { notFound } from ${rel('../../core/errors')};`,
    `import type { ServiceContext } from ${rel('../../core/service-context')};`,
    ...(s.keyword.length ? [`import { likePattern } from ${rel('../../core/sql')};`] : []),
    ...(uniques.length ? [`import { declareUnique } from ${rel('../../core/unique-violation')};`] : []),
    `import type { Database } from ${rel('../../db/types')};`,
    ...(selects.length
      ? [`import { assertDictValue } from ${rel('../../system/dictionary/dictionary-service')};`]
      : []),
  ];
  return `${header(s)}
${imports.join('\n')}

type Context = Pick<ServiceContext, 'db' | 'tenantId' | 'userId' | 'locale'>;
type Row = Selectable<Database['${T}']>;
const ID = /^\\d{1,18}$/;
${uniques.map((f) => `// A value taken twice, also by two saves at once, answers 400 at its field.\ndeclareUnique('${uniqueName(s, f)}', { field: '${f.code}', key: 'common.valueTaken' });\n`).join('')}${hasDate ? "\n/** A date column's value as the wire's `YYYY-MM-DD` (read back as local midnight). */\nconst dateText = (d: Date | string) =>\n  typeof d === 'string' ? d.slice(0, 10) : new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);\n" : ''}
function rowOf(row: Row): ${P}Row {
  return {
    id: String(row.id),
${s.fields.map((f) => `    ${f.code}: ${fromColumn(f)},`).join('\n')}
    createdAt: new Date(row.created_at).getTime(),
    updatedAt: row.updated_at ? new Date(row.updated_at).getTime() : null,
  };
}

/** The tenant's row, or 404 (also for another tenant's id). */
async function rowById(ctx: Context, id: string): Promise<Row> {
  if (!ID.test(id)) throw notFound();
  const row = await ctx.db
    .selectFrom('${T}')
    .selectAll()
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function list${P}(
  ctx: Context,
  query: { currentPage: number; pageSize: number; keyword?: string | undefined; sort?: ${P}Sort | undefined; sord?: 'asc' | 'desc' | undefined },
) {
  let base = ctx.db.selectFrom('${T}').where('tenant_id', '=', ctx.tenantId);
${
  s.keyword.length
    ? `  if (query.keyword) {
    const like = likePattern(query.keyword);
    base = base.where((eb) => eb.or([${s.keyword.map((f) => `eb('${f.code}', 'ilike', like)`).join(', ')}]));
  }
`
    : '  if (query.keyword) base = base.where((eb) => eb.val(false));\n'
}  const { total } = await base
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  const sorts = {
${['createdAt', ...s.columns.map((c) => c.code)].map((c) => `    ${c}: '${sortColumn(c)}',`).join('\n')}
  } as const;
  const rows = await base
    .selectAll()
    .orderBy(sorts[query.sort ?? 'createdAt'], query.sord ?? (query.sort ? 'asc' : 'desc'))
    .orderBy('id', 'desc')
    .limit(query.pageSize)
    .offset((query.currentPage - 1) * query.pageSize)
    .execute();
  return page(rows.map(rowOf), query.currentPage, query.pageSize, Number(total));
}

export async function get${P}(ctx: Context, id: string): Promise<${P}Row> {
  return rowOf(await rowById(ctx, id));
}

${
  selects.length
    ? `/** A choice must be an item of its dictionary in the tenant (400 at the field). */
async function check(ctx: Context, body: ${P}SaveBody, previous?: Row): Promise<void> {
${selects
  .map(
    (f) =>
      `  if (body.${f.code})\n    await assertDictValue(ctx.db, ctx.tenantId, ctx.locale, {\n      typeCode: ${q(f.dictType as string)},\n      value: body.${f.code},\n      previous: previous?.${f.code} ?? undefined,\n      field: '${f.code}',\n    });`,
  )
  .join('\n')}
}

`
    : ''
}const columnsOf = (body: ${P}SaveBody) => ({
${s.form.map((f) => `  ${f.code}: ${toColumn(f)},`).join('\n')}
});

export async function create${P}(ctx: Context, body: ${P}SaveBody): Promise<${P}Row> {
${selects.length ? '  await check(ctx, body);\n' : ''}  const row = await ctx.db
    .insertInto('${T}')
    .values({
      tenant_id: ctx.tenantId,
${notOnForm.map((f) => `      ${f.code}: ${f.defaultValue === undefined ? 'null' : JSON.stringify(f.defaultValue)},`).join('\n')}
      ...columnsOf(body),
      created_by: ctx.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return rowOf(row);
}

export async function update${P}(ctx: Context, id: string, body: ${P}SaveBody): Promise<${P}Row> {
  const previous = await rowById(ctx, id);
${selects.length ? '  await check(ctx, body, previous);\n' : ''}  const row = await ctx.db
    .updateTable('${T}')
    .set({ ...columnsOf(body), updated_by: ctx.userId, updated_at: new Date() })
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', previous.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return rowOf(row);
}

export async function delete${P}(ctx: Context, id: string): Promise<void> {
  const row = await rowById(ctx, id);
  await ctx.db.deleteFrom('${T}').where('tenant_id', '=', ctx.tenantId).where('id', '=', row.id).execute();
}
`;
}

function serverRoutes(s: CodegenSpec): string {
  const P = s.pascal;
  const c = s.camel;
  return `${header(s)}
import {
  ${P}Api,
  ${P}Perm,
  ${c}ListQuerySchema,
  ${c}RowSchema,
  ${c}SaveSchema,
} from '@srm/contracts/generated/${s.code}';
import { envelope, idParamSchema, pageOf } from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from ${rel('../../core/access')};
import { envelopeOk } from ${rel('../../core/envelope')};
import { t } from ${rel('../../core/i18n')};
import type { SignedInRoutes } from ${rel('../../core/scope')};
import { contextOf } from ${rel('../../core/service-context')};
import { create${P}, delete${P}, get${P}, list${P}, update${P} } from ${rel('./service')};

const tags = [${q(`generated: ${s.code}`)}];
const R = ${P}Api.rows;

export const ${c}Routes: SignedInRoutes = async (app) => {
  app.get(
    R,
    {
      preValidation: requirePerm(${P}Perm.page),
      schema: {
        tags,
        summary: \`A page of the tenant's rows (permission \${${P}Perm.page})\`,
        querystring: ${c}ListQuerySchema,
        response: { 200: envelope(pageOf(${c}RowSchema)) },
      },
    },
    async (request) => envelopeOk(await list${P}(contextOf(request), request.query)),
  );

  app.get(
    \`\${R}/:id\`,
    {
      preValidation: requirePerm(${P}Perm.page),
      schema: { tags, summary: 'One row', params: idParamSchema, response: { 200: envelope(${c}RowSchema) } },
    },
    async (request) => envelopeOk(await get${P}(contextOf(request), request.params.id)),
  );

  app.post(
    R,
    {
      preValidation: requirePerm(${P}Perm.add),
      schema: { tags, summary: 'Adds a row', body: ${c}SaveSchema, response: { 200: envelope(${c}RowSchema) } },
    },
    async (request) =>
      envelopeOk(await create${P}(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    \`\${R}/:id\`,
    {
      preValidation: requirePerm(${P}Perm.edit),
      schema: {
        tags,
        summary: 'Changes a row',
        params: idParamSchema,
        body: ${c}SaveSchema,
        response: { 200: envelope(${c}RowSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await update${P}(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    \`\${R}/:id\`,
    {
      preValidation: requirePerm(${P}Perm.delete),
      schema: { tags, summary: 'Deletes a row', params: idParamSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await delete${P}(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'common.deleted'));
    },
  );
};
`;
}

/** A unique field's index: short, so that no code makes it longer than PostgreSQL's 63 characters. */
const uniqueName = (s: CodegenSpec, f: GenField) => `${s.table}_u${s.fields.indexOf(f) + 1}`;

export const migrationName = (s: CodegenSpec, number: number) =>
  `${String(number).padStart(4, '0')}_gen_${s.code}`;

function serverIndex(s: CodegenSpec, migration: string): string {
  return `${header(s)}
import { add${s.pascal}Menu } from ${rel(`../../db/migrations/${migration}`)};
import { registerGeneratedModule } from ${rel('../registry')};
import { ${s.camel}Routes } from ${rel('./routes')};

registerGeneratedModule({ name: '${s.code}', routes: ${s.camel}Routes, seedTenant: add${s.pascal}Menu });
`;
}

function migration(s: CodegenSpec, name: string): string {
  const n = name.slice(0, 4);
  const P = s.pascal;
  const code = `generated.${s.camel}`;
  const columns = s.fields.map((f) => `    ${f.code} ${f.column}${f.required ? ' not null' : ''},`);
  return `${header(s)}
import { type Kysely, sql } from 'kysely';

/**
 * The generated domain \`${s.code}\` (${s.names['en-US'].replaceAll('*/', '')}): its table \`${s.table}\` and its page
 * (在线开发 › ${s.names['zh-CN'].replaceAll('*/', '')}, \`${code}\`, url \`/generated/${s.code}\`) with its add, edit and delete
 * buttons, granted to the seeded admin role, for every tenant seeded before; a new tenant's seed
 * calls \`add${P}Menu\` for it alone (generated/registry.ts).
 */
const CODE = ${q(code)};
const BUTTONS: [code: string, name: string, order: number][] = [
  [\`\${CODE}.add\`, '新增', 1],
  [\`\${CODE}.edit\`, '编辑', 2],
  [\`\${CODE}.delete\`, '删除', 3],
];

/** For one tenant, or (null) for every seeded tenant without the page. */
export async function add${P}Menu(db: Kysely<unknown>, tenantId: string | null): Promise<void> {
  await sql\`insert into sys_menu (tenant_id, parent_id, menu_name, menu_name_en, menu_name_tw,
      menu_perms, menu_icon, menu_type, menu_url, order_num, link_target, property_json, enabled, category)
    select p.tenant_id, p.id, \${${q(s.names['zh-CN'])}}, \${${q(s.names['en-US'])}}, \${${q(s.names['zh-TW'])}}, \${CODE},
      'TableOutlined', 1, '/generated/${s.code}', 90, '_self', '', true, 'web'
    from sys_menu p
    where p.menu_perms = 'onlineDev' and (\${tenantId}::bigint is null or p.tenant_id = \${tenantId}::bigint)
      and not exists (select 1 from sys_menu m where m.tenant_id = p.tenant_id and m.menu_perms = \${CODE})\`.execute(db);
  for (const [button, name, order] of BUTTONS) {
    await sql\`insert into sys_menu_button (tenant_id, menu_id, en_code, full_name, order_num)
      select m.tenant_id, m.id, \${button}, \${name}, \${order} from sys_menu m
      where m.menu_perms = \${CODE} and (\${tenantId}::bigint is null or m.tenant_id = \${tenantId}::bigint)
        and not exists (select 1 from sys_menu_button b where b.menu_id = m.id and b.en_code = \${button})\`.execute(db);
  }
  await sql\`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
    select m.tenant_id, 'menu', m.id, 'role', r.id
    from sys_menu m join sys_role r on r.tenant_id = m.tenant_id and r.en_code = 'admin'
    where m.menu_perms = \${CODE} and (\${tenantId}::bigint is null or m.tenant_id = \${tenantId}::bigint)
    on conflict do nothing\`.execute(db);
  await sql\`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
    select b.tenant_id, 'button', b.id, 'role', r.id
    from sys_menu_button b join sys_menu m on m.id = b.menu_id
      join sys_role r on r.tenant_id = b.tenant_id and r.en_code = 'admin'
    where m.menu_perms = \${CODE} and (\${tenantId}::bigint is null or m.tenant_id = \${tenantId}::bigint)
    on conflict do nothing\`.execute(db);
}

export async function up${n}(db: Kysely<unknown>): Promise<void> {
  await sql\`create table if not exists ${s.table} (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
${columns.join('\n')}
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_by bigint,
    updated_at timestamptz
  )\`.execute(db);
  await sql\`create index if not exists ${s.table}_tenant_id_created_at_idx on ${s.table} (tenant_id, created_at)\`.execute(db);
${s.fields
  .filter((f) => f.unique)
  .map(
    (f) =>
      `  await sql\`create unique index if not exists ${uniqueName(s, f)} on ${s.table} (tenant_id, ${f.code})\`.execute(db);\n`,
  )
  .join('')}
  await add${P}Menu(db, null);
}

export async function down${n}(db: Kysely<unknown>): Promise<void> {
  await sql\`delete from sys_grant g using sys_menu_button b, sys_menu m
    where g.item_type = 'button' and g.item_id = b.id and b.menu_id = m.id and m.menu_perms = \${CODE}\`.execute(db);
  await sql\`delete from sys_grant g using sys_menu m
    where g.item_type = 'menu' and g.item_id = m.id and m.menu_perms = \${CODE}\`.execute(db);
  await sql\`delete from sys_menu_button b using sys_menu m where b.menu_id = m.id and m.menu_perms = \${CODE}\`.execute(db);
  await sql\`delete from sys_menu where menu_perms = \${CODE}\`.execute(db);
  await sql\`drop table if exists ${s.table}\`.execute(db);
}
`;
}

export const namespaceOf = (s: CodegenSpec) => `gen_${s.code}`;

function locale(s: CodegenSpec, lang: 'zh-CN' | 'en-US' | 'zh-TW'): string {
  const texts: Record<string, Record<string, string>> = {
    'zh-CN': {
      add: '新增',
      edit: '编辑',
      delete: '删除',
      actions: '操作',
      keyword: '关键字',
      keywordPlaceholder: '请输入关键字',
      addTitle: '新增{{name}}',
      editTitle: '编辑{{name}}',
      deleteConfirm: '确定删除这一行吗？',
      deleted: '已删除',
      saved: '已保存',
      total: '共 {{count}} 条',
      yes: '是',
      no: '否',
      createdAt: '创建时间',
    },
    'en-US': {
      add: 'Add',
      edit: 'Edit',
      delete: 'Delete',
      actions: 'Actions',
      keyword: 'Keyword',
      keywordPlaceholder: 'Enter a keyword',
      addTitle: 'Add {{name}}',
      editTitle: 'Edit {{name}}',
      deleteConfirm: 'Delete this row?',
      deleted: 'Deleted',
      saved: 'Saved',
      total: '{{count}} in all',
      yes: 'Yes',
      no: 'No',
      createdAt: 'Created',
    },
    'zh-TW': {
      add: '新增',
      edit: '編輯',
      delete: '刪除',
      actions: '操作',
      keyword: '關鍵字',
      keywordPlaceholder: '請輸入關鍵字',
      addTitle: '新增{{name}}',
      editTitle: '編輯{{name}}',
      deleteConfirm: '確定刪除這一列嗎？',
      deleted: '已刪除',
      saved: '已儲存',
      total: '共 {{count}} 筆',
      yes: '是',
      no: '否',
      createdAt: '建立時間',
    },
  };
  // i18next reads `field.title` as the key `title` of the object `field`.
  const field = Object.fromEntries(s.fields.map((f) => [f.code, f.names[lang]]));
  return `${JSON.stringify({ title: s.names[lang], ...texts[lang], field }, null, 2)}\n`;
}

function webApi(s: CodegenSpec): string {
  const P = s.pascal;
  return `${header(s)}
import { ${P}Api, type ${P}Row, type ${P}Save } from '@srm/contracts/generated/${s.code}.core';
import type { Page } from '@srm/contracts/core';
import { http, type QueryParams } from ${rel('../../../api/request')};

const R = ${P}Api.rows;

export const ${s.camel}Keys = {
  lists: () => ['generated', '${s.code}', 'list'] as const,
  list: (params: QueryParams) => ['generated', '${s.code}', 'list', params] as const,
};

export const ${s.camel}Api = {
  list: (params: QueryParams) => http.get<Page<${P}Row>>(R, params),
  /** Silent: the form shows a refused row's problems at its fields. */
  create: (body: ${P}Save) => http.post<${P}Row>(R, body, { silent: true }),
  update: (id: string, body: ${P}Save) => http.put<${P}Row>(\`\${R}/\${id}\`, body, { silent: true }),
  remove: (id: string) => http.delete<null>(\`\${R}/\${id}\`),
};
`;
}

/** The form control of a field. */
function control(f: GenField): string {
  switch (f.kind) {
    case 'text':
      return f.textarea
        ? `<Input.TextArea maxLength={${f.length ?? 100}} autoSize />`
        : `<Input maxLength={${f.length ?? 100}} />`;
    case 'longText':
      return '<Input.TextArea autoSize={{ minRows: 3 }} />';
    case 'select':
      return `<DictSelect typeCode=${JSON.stringify(f.dictType ?? '')} allowClear />`;
    case 'integer':
      return "<InputNumber precision={0} style={{ width: '100%' }} />";
    case 'decimal':
    case 'money':
      return `<InputNumber precision={${f.scale ?? 2}} style={{ width: '100%' }} />`;
    case 'date':
      return "<DatePicker style={{ width: '100%' }} />";
    case 'datetime':
      return "<DatePicker showTime style={{ width: '100%' }} />";
    case 'boolean':
      return '<Switch />';
  }
}

/** A table cell of a column. */
function cell(f: GenField): string | null {
  switch (f.kind) {
    case 'boolean':
      return "(v: boolean | null) => (v === null ? '' : v ? t('yes') : t('no'))";
    case 'datetime':
      return "(v: number | null) => (v === null ? '' : formatDate(v))";
    case 'select':
      return `(v: string | null) => (v ? <DictTag typeCode=${JSON.stringify(f.dictType ?? '')} value={v} /> : '')`;
    default:
      return null;
  }
}

function webPage(s: CodegenSpec): string {
  const P = s.pascal;
  const ns = namespaceOf(s);
  const hasDate = s.form.some((f) => f.kind === 'date' || f.kind === 'datetime');
  const needs = (kinds: GenKind[]) => s.form.some((f) => kinds.includes(f.kind));
  const antd = [
    'Card',
    ...(needs(['date', 'datetime']) ? ['DatePicker'] : []),
    'Form',
    ...(needs(['text', 'longText']) ? ['Input'] : []),
    ...(needs(['integer', 'decimal', 'money']) ? ['InputNumber'] : []),
    ...(needs(['boolean']) ? ['Switch'] : []),
  ];
  const dict = [
    ...(s.form.some((f) => f.kind === 'select') ? ['DictSelect'] : []),
    ...(s.columns.some((f) => f.kind === 'select') ? ['DictTag'] : []),
  ];
  const toForm = s.form
    .map((f) =>
      f.kind === 'date'
        ? `    ${f.code}: row.${f.code} ? dayjs(row.${f.code}) : null,`
        : f.kind === 'datetime'
          ? `    ${f.code}: row.${f.code} === null ? null : dayjs(row.${f.code}),`
          : `    ${f.code}: row.${f.code},`,
    )
    .join('\n');
  const fromForm = s.form
    .map((f) =>
      f.kind === 'date'
        ? `    ${f.code}: values.${f.code} ? values.${f.code}.format('YYYY-MM-DD') : null,`
        : f.kind === 'datetime'
          ? `    ${f.code}: values.${f.code} ? values.${f.code}.valueOf() : null,`
          : f.kind === 'boolean'
            ? `    ${f.code}: values.${f.code} ?? false,`
            : `    ${f.code}: values.${f.code} ?? null,`,
    )
    .join('\n');
  const formType = s.form
    .map((f) => `  ${f.code}: ${f.kind === 'date' || f.kind === 'datetime' ? 'Dayjs | null' : wireType(f)};`)
    .join('\n');
  const columns = s.columns
    .map((f) => {
      const render = cell(f);
      return `    {\n      title: t('field.${f.code}'),\n      dataIndex: '${f.code}',\n      key: '${f.code}',\n      sorter: true,${render ? `\n      render: ${render},` : ''}\n    },`;
    })
    .join('\n');
  const items = s.form
    .map(
      (f) =>
        `        <Form.Item name="${f.code}" label={t('field.${f.code}')}${f.kind === 'boolean' ? ' valuePropName="checked"' : ''}${f.required ? ' rules={[{ required: true }]}' : ''}>\n          ${control(f)}\n        </Form.Item>`,
    )
    .join('\n');
  const imports = [
    `import { ${P}Perm, type ${P}Row, type ${P}Save } from '@srm/contracts/generated/${s.code}.core';`,
    ...(s.columns.some((f) => f.kind === 'datetime')
      ? ["import { formatDate } from '@srm/contracts/core';"]
      : []),
    "import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';",
    `import { ${antd.join(', ')} } from 'antd';`,
    "import type { ColumnsType, TableProps } from 'antd/es/table';",
    ...(hasDate ? ["import dayjs, { type Dayjs } from 'dayjs';"] : []),
    "import { useState } from 'react';",
    "import { useTranslation } from 'react-i18next';",
    `import { ApiError } from ${rel('../../../api/request')};`,
    `import { Auth } from ${rel('../../../components/Auth')};`,
    ...(dict.length ? [`import { ${dict.join(', ')} } from ${rel('../../../components/dict')};`] : []),
    `import { ListTable } from ${rel('../../../components/ListTable')};`,
    `import { DeleteAction, RowAction, useActionColumn } from ${rel('../../../components/listActions')};`,
    `import { FormModal, KeywordToolbar, useKeywordSearch } from ${rel('../../../components/listPage')};`,
    `import { tablePaging } from ${rel('../../../components/tablePaging')};`,
    `import { toast } from ${rel('../../../utils/message')};`,
    `import { ${s.camel}Api, ${s.camel}Keys } from ${rel('./api')};`,
  ];
  return `${header(s)}
${imports.join('\n')}

interface FormValues {
${formType}
}

const toForm = (row: ${P}Row): Partial<FormValues> => ({
${toForm}
});

const fromForm = (values: FormValues): ${P}Save => ({
${fromForm}
});

/** ${s.names['en-US'].replaceAll('*/', '')} (\`generated.${s.camel}\`): the list and its form. */
export default function ${P}Page() {
  const { t } = useTranslation('${ns}');
  const queryClient = useQueryClient();
  const search = useKeywordSearch(${s.pageSize});
  const [sort, setSort] = useState<{ sort?: string; sord?: 'asc' | 'desc' }>({});
  const [editing, setEditing] = useState<${P}Row | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();

  const params = { currentPage: search.page.currentPage, pageSize: search.page.pageSize, keyword: search.keyword || undefined, ...sort };
  const list = useQuery({
    queryKey: ${s.camel}Keys.list(params),
    queryFn: () => ${s.camel}Api.list(params),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ${s.camel}Keys.lists() });

  const save = useMutation({
    mutationFn: (body: ${P}Save) =>
      editing && editing !== 'new' ? ${s.camel}Api.update(editing.id, body) : ${s.camel}Api.create(body),
    onSuccess: () => {
      toast.success(t('saved'));
      setEditing(null);
      void refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields)
        form.setFields(
          Object.entries(error.fields).map(([name, message]) => ({ name: name as keyof FormValues, errors: [message] })),
        );
      else toast.error(error.message);
    },
  });
  const remove = useMutation({
    mutationFn: (row: ${P}Row) => ${s.camel}Api.remove(row.id),
    onSuccess: () => {
      toast.success(t('deleted'));
      void refresh();
    },
  });

  const actions = useActionColumn<${P}Row>(t('actions'), 140, (row) => (
    <>
      <Auth code={${P}Perm.edit}>
        <RowAction onClick={() => setEditing(row)} testId="gen-row-edit">
          {t('edit')}
        </RowAction>
      </Auth>
      <DeleteAction
        code={${P}Perm.delete}
        title={t('deleteConfirm')}
        onConfirm={() => remove.mutateAsync(row).catch(() => undefined)}
        testId="gen-row-delete"
        label={t('delete')}
      />
    </>
  ));
  const columns: ColumnsType<${P}Row> = [
${columns}
    actions,
  ];
  const onChange: TableProps<${P}Row>['onChange'] = (_, __, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    setSort(one?.order ? { sort: String(one.columnKey), sord: one.order === 'ascend' ? 'asc' : 'desc' } : {});
  };

  return (
    <Card variant="borderless" data-testid="gen-page">
      <KeywordToolbar
        prefix="gen"
        search={search}
        placeholder={t('keywordPlaceholder')}
        ariaLabel={t('keyword')}
        addCode={${P}Perm.add}
        onAdd={() => setEditing('new')}
        addLabel={t('add')}
      />
      <ListTable<${P}Row>
        rowKey="id"
        data-testid="gen-table"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={tablePaging(search.page, search.setPage, list.data?.pagination.total, (total) =>
          t('total', { count: total }),
        )}
        onChange={onChange}
      />
      {editing && (
        <FormModal<FormValues>
          form={form}
          title={t(editing === 'new' ? 'addTitle' : 'editTitle', { name: t('title') })}
          testId="gen-form"
          width={640}
          saving={save.isPending}
          initialValues={editing === 'new' ? {} : toForm(editing)}
          onFinish={(values) => save.mutate(fromForm(values))}
          onClose={() => setEditing(null)}
        >
${items}
        </FormModal>
      )}
    </Card>
  );
}
`;
}

/** The generated test's value of a field in its n-th row (`n` is 1 to 9), as code. */
function sampleValue(f: GenField): string {
  switch (f.kind) {
    case 'text':
      return f.code.length + 2 <= (f.length ?? 100) ? `\`${f.code} \${n}\`` : 'String(n)';
    case 'longText':
      return `\`${f.code} \${n}\``;
    case 'select':
      return f.required ? `SELECT_VALUES.${f.code} ?? null` : 'null';
    case 'integer':
      return 'n';
    case 'decimal':
    case 'money':
      return f.scale ? 'n + 0.5' : 'n';
    case 'date':
      return `\`2026-0\${n}-15\``;
    case 'datetime':
      return 'Date.UTC(2026, n, 15)';
    case 'boolean':
      return 'n % 2 === 1';
  }
}

/** A value the field's schema refuses, as code. */
function badValue(f: GenField): string {
  switch (f.kind) {
    case 'date':
      return "'2026-13-45'";
    case 'text':
    case 'longText':
    case 'select':
      return `'x'.repeat(${(f.kind === 'text' ? (f.length ?? 100) : f.kind === 'select' ? 50 : 20000) + 1})`;
    default:
      return "'not a number'";
  }
}

function apiTest(s: CodegenSpec): string {
  const P = s.pascal;
  const firstText = s.form.find((f) => f.kind === 'text' || f.kind === 'longText');
  const bad = s.form.find((f) => f.kind !== 'select') ?? s.form[0];
  const requiredSelects = s.form.filter((f) => f.kind === 'select' && f.required);
  const uniqueOnForm = s.form.filter((f) => f.unique && f.kind !== 'select' && f.kind !== 'boolean');
  return `${header(s)}
import { ${P}Api, type ${P}Row } from '@srm/contracts/generated/${s.code}';
import type { Page } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from ${rel('../helpers')};

const R = ${P}Api.rows;
const en = { 'accept-language': 'en-US' };
let t: TestApp;
let admin: string;
let buyer: string;
let otherAdmin: string;
${requiredSelects.length ? `/** An item of each required choice's dictionary in the demo tenant. */\nconst SELECT_VALUES: Record<string, string> = {};\n` : ''}
/** The n-th row of the test (1 to 9) as the form sends it. */
const sample = (n: number) => ({
${s.form.map((f) => `  ${f.code}: ${sampleValue(f)},`).join('\n')}
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  await t.seedOtherTenant('gx');
  otherAdmin = await t.login('gxadmin', 'admin123');
${requiredSelects
  .map(
    (f) => `  const ${f.code}Item = await t.db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict_type as ty', 'ty.id', 'i.type_id')
    .innerJoin('sys_user as u', 'u.tenant_id', 'ty.tenant_id')
    .select('i.en_code')
    .where('u.account', '=', 'admin')
    .where('ty.en_code', '=', ${q(f.dictType ?? '')})
    .where('i.enabled', '=', true)
    .executeTakeFirstOrThrow();
  SELECT_VALUES.${f.code} = ${f.code}Item.en_code;`,
  )
  .join('\n')}
});

afterAll(async () => {
  await t?.close();
});

const del = (url: string, token: string) =>
  t.request({ method: 'DELETE', url, headers: { authorization: \`Bearer \${token}\` } });

describe('generated domain ${s.code}', () => {
  it('adds, lists, reads, changes and deletes a row of the tenant', async () => {
    const added = await t.post<${P}Row>(R, sample(1), admin);
    expect(added.body.code).toBe(0);
    const row = added.body.data;
    expect(row.id).toMatch(/^\\d+$/);
    expect(row).toMatchObject(sample(1));
    const list = await t.get<Page<${P}Row>>(\`\${R}?currentPage=1&pageSize=10\`, admin);
    expect(list.body.code).toBe(0);
    expect(list.body.data.list.map((r) => r.id)).toContain(row.id);
    expect(list.body.data.pagination.total).toBeGreaterThanOrEqual(1);
${
  firstText
    ? `    const found = await t.get<Page<${P}Row>>(\`\${R}?keyword=\${encodeURIComponent(sample(1).${firstText.code})}\`, admin);
    expect(found.body.data.list.map((r) => r.id)).toEqual([row.id]);
`
    : ''
}    const changed = await t.put<${P}Row>(\`\${R}/\${row.id}\`, sample(2), admin);
    expect(changed.body.code).toBe(0);
    const read = await t.get<${P}Row>(\`\${R}/\${row.id}\`, admin);
    expect(read.body.data).toMatchObject(sample(2));
    expect(read.body.data.updatedAt).not.toBeNull();
    expect((await del(\`\${R}/\${row.id}\`, admin)).body.code).toBe(0);
    expect((await t.get(\`\${R}/\${row.id}\`, admin)).body.code).toBe(404);
  });

  it("refuses bad input with the field named, in the caller's language", async () => {
    const res = await t.post<{ fields: Record<string, string> }>(R, { ...sample(1), ${bad?.code ?? 'x'}: ${bad ? badValue(bad) : "'x'"} }, admin, en);
    expect(res.body.code).toBe(400);
    expect(Object.keys(res.body.data.fields)).toEqual(['${bad?.code ?? 'x'}']);
    expect(res.body.data.fields.${bad?.code ?? 'x'}).not.toMatch(/[\\u4e00-\\u9fff]/);
    expect((await t.get(\`\${R}?pageSize=100000\`, admin)).body.code).toBe(400);
  });
${
  uniqueOnForm.length
    ? `
  it("refuses a value another row holds, at its field, in the caller's language", async () => {
    expect((await t.post(R, sample(5), admin)).body.code).toBe(0);
    const again = await t.post<{ fields: Record<string, string> }>(R, sample(5), admin, en);
    expect(again.body.code).toBe(400);
    const [field, message] = Object.entries(again.body.data.fields)[0] ?? [];
    expect([${uniqueOnForm.map((f) => q(f.code)).join(', ')}]).toContain(field);
    expect(message).toBe('This value is already in use');
  });
`
    : ''
}
  it('answers 403 to a user without the page or its buttons', async () => {
    expect((await t.get(R, buyer)).body.code).toBe(403);
    expect((await t.post(R, sample(1), buyer)).body.code).toBe(403);
  });

  it("answers 404 for another tenant's row, and lists only the caller's own", async () => {
    const ours = await t.post<${P}Row>(R, sample(3), admin);
    expect(ours.body.code).toBe(0);
    const id = ours.body.data.id;
    expect((await t.get(\`\${R}/\${id}\`, otherAdmin)).body.code).toBe(404);
    expect((await t.put(\`\${R}/\${id}\`, sample(4), otherAdmin)).body.code).toBe(404);
    expect((await del(\`\${R}/\${id}\`, otherAdmin)).body.code).toBe(404);
    const theirs = await t.get<Page<${P}Row>>(R, otherAdmin);
    expect(theirs.body.data.list.map((r) => r.id)).not.toContain(id);
    expect((await t.get<${P}Row>(\`\${R}/\${id}\`, admin)).body.data).toMatchObject(sample(3));
  });
});
`;
}

/** How the browser test fills a field (null: left as it is), as code; `tag` tells this run's rows. */
function fillField(f: GenField): string | null {
  const field = `form.getByLabel(${q(f.names['zh-CN'])}, { exact: true })`;
  switch (f.kind) {
    case 'text':
    case 'longText': {
      const max = f.kind === 'text' ? (f.length ?? 100) : 100;
      return `  await ${field}.fill(\`${f.code} \${tag}\`.slice(0, ${max}));`;
    }
    case 'integer':
    case 'decimal':
    case 'money':
      return `  await ${field}.fill('3');`;
    case 'select':
      return f.required
        ? `  await ${field}.click();\n  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();`
        : null;
    case 'date':
      return f.required ? `  await ${field}.fill('2026-06-15');\n  await ${field}.press('Enter');` : null;
    case 'datetime':
      return f.required
        ? `  await ${field}.fill('2026-06-15 10:30:00');\n  await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();`
        : null;
    case 'boolean':
      return null;
  }
}

function browserTest(s: CodegenSpec): string {
  const text = s.form.find((f) => (f.kind === 'text' || f.kind === 'longText') && s.columns.includes(f));
  const textField = text ? `form.getByLabel(${q(text.names['zh-CN'])}, { exact: true })` : '';
  const value = text
    ? `\`${text.code} \${tag}\`.slice(0, ${text.kind === 'text' ? (text.length ?? 100) : 100})`
    : '';
  /** The changed text, as code. */
  const changed = '`' + '$' + '{tag} 2`';
  const rowOf = (v: string) =>
    text
      ? `page.getByTestId('gen-table').locator('tbody tr', { hasText: ${v} })`
      : "page.getByTestId('gen-table').locator('tbody tr.ant-table-row').first()";
  return `${header(s)}
import { expect } from '@playwright/test';
import { expectAxeClean, signIn, test } from './helpers';

/** The generated page of ${s.names['en-US'].replaceAll('*/', '')} (\`/generated/${s.code}\`), as the administrator uses it. */
test('the ${s.code} page adds${text ? ', finds, changes' : ''} and deletes a row', async ({ page }) => {
${text || s.form.some((f) => f.kind === 'text' || f.kind === 'longText') ? '  const tag = Date.now().toString(36);\n' : ''}  await signIn(page, 'admin');
  await page.goto('/generated/${s.code}');
  await expect(page.getByTestId('gen-page')).toBeVisible();
  await page.getByTestId('gen-add').click();
  const form = page.getByTestId('gen-form');
${
  s.form.some((f) => f.required)
    ? `  // A required field left empty is refused where it is, before anything is sent.
  await page.getByTestId('gen-form-submit').click();
  await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();
`
    : ''
}${s.form
  .map(fillField)
  .filter((l): l is string => l !== null)
  .join('\n')}
  await page.getByTestId('gen-form-submit').click();
  await expect(page.getByText('已保存').first()).toBeVisible();
  const row = ${rowOf(value)};
  await expect(row).toBeVisible();
${
  text
    ? `  await page.getByTestId('gen-keyword').fill(tag);
  await page.getByTestId('gen-search').click();
  await expect(page.getByTestId('gen-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await row.getByTestId('gen-row-edit').click();
  await ${textField}.fill(\`\${tag} 2\`);
  await page.getByTestId('gen-form-submit').click();
  await expect(${rowOf(changed)}).toBeVisible();
`
    : ''
}  await expectAxeClean(page, 'generated-${s.code}');
  const saved = ${rowOf(text ? changed : '')};
  await saved.getByTestId('gen-row-delete').click();
  await page.getByTestId('gen-row-delete-confirm').click();
  await expect(page.getByText('已删除').first()).toBeVisible();
${text ? '  await expect(saved).toBeHidden();\n' : ''}});
`;
}

/** The new files of the patch, by path from the repository's root. */
export function codegenFiles(s: CodegenSpec, migrationNumber: number): GeneratedFile[] {
  const mig = migrationName(s, migrationNumber);
  const ns = namespaceOf(s);
  return [
    { path: `packages/contracts/src/generated/${s.code}.core.ts`, content: contractsCore(s) },
    { path: `packages/contracts/src/generated/${s.code}.ts`, content: contractsSchemas(s) },
    { path: `apps/server/src/db/migrations/${mig}.ts`, content: migration(s, mig) },
    { path: `apps/server/src/generated/${s.code}/index.ts`, content: serverIndex(s, mig) },
    { path: `apps/server/src/generated/${s.code}/routes.ts`, content: serverRoutes(s) },
    { path: `apps/server/src/generated/${s.code}/service.ts`, content: serverService(s) },
    { path: `apps/server/test/api/gen-${s.code.replaceAll('_', '-')}.test.ts`, content: apiTest(s) },
    { path: `e2e/tests/gen-${s.code.replaceAll('_', '-')}.spec.ts`, content: browserTest(s) },
    { path: `apps/web/src/views/generated/${s.code}/api.ts`, content: webApi(s) },
    { path: `apps/web/src/views/generated/${s.code}/index.tsx`, content: webPage(s) },
    ...(['zh-CN', 'en-US', 'zh-TW'] as const).map((lang) => ({
      path: `apps/web/src/locales/${ns}.${lang}.json`,
      content: locale(s, lang),
    })),
  ];
}
