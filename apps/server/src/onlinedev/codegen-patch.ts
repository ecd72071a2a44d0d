/**
 * The patch of code generation: the generated files as new files, and the three derived lists they
 * join — `generated/modules.ts` (one import), `db/migrations/index.ts` (one import, one entry, as
 * `npm run db:types` writes them) and `db/schema.ts` (the table's interface and its `DB` line, as
 * kysely-codegen writes them) — as diffs of the repository's files as they are now. The unified
 * diffs are made by the `diff` package; `git apply` takes the result.
 */
import { createTwoFilesPatch } from 'diff';
import { AppError } from '../core/errors';
import { type CodegenSpec, codegenFiles, type GeneratedFile, migrationName, schemaType } from './codegen';

/** The repository as the generator reads it: a file's text (null when absent) and a folder's names. */
export interface RepoSource {
  read(path: string): string | null;
  list(dir: string): string[] | null;
  /** The file as the repository's own formatter and import sorter write it (`biome check --write`). */
  format(path: string, content: string): Promise<string>;
}

export const MODULES_FILE = 'apps/server/src/generated/modules.ts';
export const MIGRATIONS_DIR = 'apps/server/src/db/migrations';
export const MIGRATION_INDEX = `${MIGRATIONS_DIR}/index.ts`;
export const SCHEMA_FILE = 'apps/server/src/db/schema.ts';
/** The formatter's line width (biome.json): a migration's entry longer than it is split. */
const LINE_WIDTH = 110;

const missing = (file: string) => new AppError(409, 'codegen.noSource', { file });

function required(repo: RepoSource, file: string): string {
  const text = repo.read(file);
  if (text === null) throw missing(file);
  return text;
}

/** `modules.ts` with the module's import line, in name order between the file's comment and its `export {}`. */
export function withModule(source: string, code: string): string {
  const line = `import './${code}/index';`;
  const lines = source.replace(/\n$/, '').split('\n');
  const imports = lines.filter((l) => /^import '\.\/[a-z0-9_]+\/index';$/.test(l));
  const rest = lines.filter((l) => !imports.includes(l) && l !== 'export {};');
  const sorted = [...imports, line].sort();
  // `export {}` keeps the file a module while it imports nothing; it stays, below the imports.
  return `${[...rest, ...sorted, 'export {};'].join('\n')}\n`;
}

/** `migrations/index.ts` with the new migration: its import after the others, its entry last. */
export function withMigration(source: string, name: string): string {
  const alias = `m${name}`;
  const n = name.slice(0, 4);
  const lines = source.split('\n');
  const lastImport = lines.findLastIndex((l) => /^import \* as m\d{4}_/.test(l));
  const close = lines.lastIndexOf('};');
  if (lastImport < 0 || close < 0) throw new AppError(409, 'codegen.noSource', { file: MIGRATION_INDEX });
  const oneLine = `  '${name}': { up: ${alias}.up${n}, down: ${alias}.down${n} },`;
  const entry =
    oneLine.length <= LINE_WIDTH
      ? [oneLine]
      : [`  '${name}': {`, `    up: ${alias}.up${n},`, `    down: ${alias}.down${n},`, '  },'];
  const out = [...lines];
  out.splice(close, 0, ...entry);
  out.splice(lastImport + 1, 0, `import * as ${alias} from './${name}';`);
  return out.join('\n');
}

const pascalOfTable = (table: string) =>
  table
    .split('_')
    .map((p) => (p ? p[0]?.toUpperCase() + p.slice(1) : ''))
    .join('');

/** `schema.ts` with the table: its interface and `DB` line where kysely-codegen sorts them (by table name). */
export function withTable(source: string, spec: CodegenSpec): string {
  const block = /export interface DB \{\n([\s\S]*?)\n\}/.exec(source);
  if (!block?.[1]) throw new AppError(409, 'codegen.noSource', { file: SCHEMA_FILE });
  const entries = block[1].split('\n').map((l) => /^ {2}(\w+): (\w+);$/.exec(l));
  const next = entries.find((m) => m?.[1] && m[1] > spec.table);
  const name = pascalOfTable(spec.table);
  const columns: [string, string][] = [
    ['created_at', 'Generated<Timestamp>'],
    ['created_by', 'Int8 | null'],
    ['id', 'Generated<Int8>'],
    ['tenant_id', 'Int8'],
    ['updated_at', 'Timestamp | null'],
    ['updated_by', 'Int8 | null'],
    ...spec.fields.map((f): [string, string] => [f.code, schemaType(f)]),
  ];
  columns.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const iface = `export interface ${name} {\n${columns.map(([c, t]) => `  ${c}: ${t};`).join('\n')}\n}\n\n`;
  const dbLine = `  ${spec.table}: ${name};\n`;
  let out = source;
  if (next?.[1] && next[2]) {
    out = out.replace(`export interface ${next[2]} {\n`, `${iface}export interface ${next[2]} {\n`);
    out = out.replace(`\n  ${next[1]}: ${next[2]};\n`, `\n${dbLine}  ${next[1]}: ${next[2]};\n`);
  } else {
    out = out.replace('export interface DB {\n', `${iface}export interface DB {\n`);
    out = out.replace(/\n\}\n?$/, `\n${dbLine.trimEnd()}\n}\n`);
  }
  return out;
}

/** One file's part of a git patch. */
function filePatch(path: string, before: string | null, after: string): string {
  const body = createTwoFilesPatch(
    before === null ? '/dev/null' : `a/${path}`,
    `b/${path}`,
    before ?? '',
    after,
    undefined,
    undefined,
    { context: 3 },
  );
  // The package's own header line (`====`) is not git's: git's `diff --git` line takes its place.
  const hunks = body.slice(body.indexOf('--- '));
  const head = `diff --git a/${path} b/${path}\n${before === null ? 'new file mode 100644\n' : ''}`;
  return `${head}${hunks.endsWith('\n') ? hunks : `${hunks}\n`}`;
}

export interface Codegen {
  fileName: string;
  patch: string;
  files: GeneratedFile[];
}

/**
 * The patch for a design, made against the repository as `repo` reads it now: 409 when the
 * repository's files are not there (a server run from its bundle alone) or the model's domain was
 * generated before (the generated code is the project's own from then on).
 */
export async function codegenPatch(spec: CodegenSpec, repo: RepoSource): Promise<Codegen> {
  const names = repo.list(MIGRATIONS_DIR);
  if (!names) throw missing(MIGRATIONS_DIR);
  const domain = `apps/server/src/generated/${spec.code}/index.ts`;
  const earlier = names.find((n) => n.endsWith(`_gen_${spec.code}.ts`));
  if (repo.read(domain) !== null || earlier)
    throw new AppError(409, 'codegen.exists', {
      code: spec.code,
      file: earlier ? `${MIGRATIONS_DIR}/${earlier}` : domain,
    });
  const last = Math.max(0, ...names.map((n) => Number(/^(\d{4})_/.exec(n)?.[1] ?? 0)));
  const migration = migrationName(spec, last + 1);
  const files = await Promise.all(
    codegenFiles(spec, last + 1).map(async (f) => ({
      path: f.path,
      content: await repo.format(f.path, f.content),
    })),
  );
  const edits: [path: string, before: string, after: string][] = [];
  const modules = required(repo, MODULES_FILE);
  edits.push([MODULES_FILE, modules, withModule(modules, spec.code)]);
  const index = required(repo, MIGRATION_INDEX);
  edits.push([MIGRATION_INDEX, index, withMigration(index, migration)]);
  const schema = required(repo, SCHEMA_FILE);
  edits.push([SCHEMA_FILE, schema, withTable(schema, spec)]);
  for (const file of files)
    if (repo.read(file.path) !== null)
      throw new AppError(409, 'codegen.exists', { code: spec.code, file: file.path });
  const formatted = await Promise.all(
    edits.map(async ([path, before, after]) => filePatch(path, before, await repo.format(path, after))),
  );
  const parts = [...files.map((f) => filePatch(f.path, null, f.content)), ...formatted];
  return { fileName: `codegen-${spec.code}.patch`, patch: parts.join(''), files };
}
