import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every table has one owning folder (issue 37 §2): only files of that folder insert, update or
 * delete its rows; another domain calls the owner's function, imported from the owner's
 * `index.ts` when the owner comes before it in the folder order (test/unit/folder-order.test.ts).
 * A folder before the owner cannot import it, so the owner registers its writes in core/ for it:
 * core/user-writes.ts (permission's users, grants and positions, for auth/, org/ and system/) and
 * system/task's `registerBuiltinJob` (auth/jobs.ts: the idle sessions and the sign-in log). Rows
 * written by triggers (migrations) have the owner of what makes them change.
 */
const OWNERS: Record<string, string> = {
  // The embedded database's own log tables, written off the request path (core/activity-log.ts).
  sys_request_log: 'core',
  sys_error_log: 'core',
  // Spent proof-of-work answers of the sign-in and the registration (core/proof-of-work.ts).
  vendor_captcha_used: 'core',

  // Settings, dictionaries, areas, languages, bill numbers, menus, tasks, WeChat bindings.
  sys_config: 'system',
  sys_enum: 'system',
  sys_area: 'system',
  sys_area_tenant: 'system',
  sys_text_override: 'system',
  sys_dict_category: 'system',
  sys_dict_type: 'system',
  sys_dict_item: 'system',
  sys_bill_rule: 'system',
  sys_bill_counter: 'system',
  sys_bill_no: 'system',
  sys_menu: 'system',
  sys_menu_button: 'system',
  sys_menu_column: 'system',
  sys_menu_data_rule: 'system',
  sys_task: 'system',
  sys_task_run: 'system',
  sys_wx_user: 'system',
  // Written with every password (permission/owned-writes.ts calls `recordPasswordHistory`).
  sys_password_history: 'system',
  // Bumped by triggers (migration 0013), read by the caches of system/cache.
  sys_tenant_cache_version: 'system',

  // Messages: `writeMessages` (message/write-messages.ts) is the one writer of `sys_message`,
  // the push of the new counts follows the caller's commit.
  sys_message: 'message',
  sys_msg_template: 'message',
  sys_notice: 'message',
  sys_notice_ent: 'message',
  sys_notice_read: 'message',

  sys_dept: 'org',
  sys_position: 'org',

  sys_temp_download: 'file',

  // Sessions: `endSessions` (auth/end-sessions.ts) ends them, for every domain.
  sys_session: 'auth',
  sys_sms_code: 'auth',
  sys_sso_provider: 'sso',
  sys_sso_identity: 'sso',
  sys_sso_state: 'sso',
  sys_login_failure: 'auth',
  sys_login_log: 'auth',

  // Users, roles, grants and positions held (permission/owned-writes.ts for the other domains).
  sys_user: 'permission',
  // Filled by triggers on sys_user (migration 0032).
  sys_user_change: 'permission',
  sys_role: 'permission',
  sys_grant: 'permission',
  user_role: 'permission',
  user_position: 'permission',

  im_conversation: 'chat',
  im_message: 'chat',

  flow_definition: 'workflow',
  flow_version: 'workflow',
  flow_delegation: 'workflow',
  flow_task: 'workflow',
  flow_node_activation: 'workflow',
  flow_operator: 'workflow',
  flow_circulation: 'workflow',
  flow_history: 'workflow',
  flow_outbox: 'workflow',
  flow_file: 'workflow',
  flow_idempotency: 'workflow',
  // Kept by triggers on flow_operator (migration 0031).
  flow_todo_count: 'workflow',

  // Purchase orders, their lines and history (procurement/order-store.ts and its services).
  po_bid: 'procurement',
  po_bid_line: 'procurement',
  po_asn: 'procurement',
  po_asn_line: 'procurement',
  po_invoice: 'procurement',
  po_invoice_line: 'procurement',
  po_order: 'procurement',
  po_order_event: 'procurement',
  po_order_line: 'procurement',
  po_quote: 'procurement',
  po_quote_file: 'procurement',
  po_quote_line: 'procurement',
  po_rfq: 'procurement',
  po_rfq_line: 'procurement',
  po_rfq_supplier: 'procurement',
  po_receipt: 'procurement',
  po_receipt_line: 'procurement',

  // The enterprises: the tenant's own is made with the tenant (setup/), every other is a supplier's.
  ent: 'supplier',
  vendor_application: 'supplier',
  vendor_application_file: 'supplier',
  vendor_invitation: 'supplier',
  vendor_change: 'supplier',
  vendor_file: 'supplier',
  vendor_notice: 'supplier',
  vendor_notice_file: 'supplier',
  vendor_notice_item: 'supplier',
  vendor_notice_item_file: 'supplier',
  vendor_qualification_reminder: 'supplier',
  vendor_supplier: 'supplier',
  vendor_supplier_bank: 'supplier',
  vendor_supplier_category: 'supplier',
  vendor_supplier_contact: 'supplier',
  vendor_supplier_history: 'supplier',
  vendor_supplier_qualification: 'supplier',

  // Demo additions made at start through the designers' services (onlinedev/seed.ts, migration 0079).
  sys_seed_pending: 'onlinedev',
  dm_model: 'onlinedev',
  dm_model_version: 'onlinedev',
  dm_dataset: 'onlinedev',
  dm_data_source: 'onlinedev',
  dm_data_interface: 'onlinedev',
  dm_map: 'onlinedev',
  dm_data_sync: 'onlinedev',
  dm_data_sync_run: 'onlinedev',
  dm_design: 'onlinedev',
  dm_report: 'onlinedev',
  dm_portal: 'onlinedev',
  dm_portal_home: 'onlinedev',
  dm_data_screen: 'onlinedev',
  dm_data_screen_token: 'onlinedev',
  dm_design_version: 'onlinedev',

  tenant: 'platform',
  platform_operator: 'platform',
  platform_session: 'platform',
};

/**
 * Files that name the table they write through a variable, and the tables that can be. A data
 * model's own table (onlinedev/model-ddl.ts) is made at run time, outside db/schema.ts.
 */
/**
 * The tables of the generated domains (`gen_<model code>`, docs/online-development.md "Code
 * generation") are each written by its own folder under generated/, so they need no line above.
 */
const ownerOf = (table: string): string | undefined =>
  OWNERS[table] ?? (table.startsWith('gen_') ? 'generated' : undefined);

const NAMED_BY_VARIABLE: Record<string, readonly string[]> = {
  'system/menu-service.ts': ['sys_menu_button', 'sys_menu_column', 'sys_menu_data_rule'],
  'system/menu-write-service.ts': ['sys_menu_button', 'sys_menu_column', 'sys_menu_data_rule'],
  'onlinedev/model-ddl.ts': [],
  // The rows of the tenant's model tables (`dm_<tenant>_<code>`), which only onlinedev makes.
  'onlinedev/model-rows.ts': [],
  // A data sync's batches into its model's table (`dm_<tenant>_<code>`).
  'onlinedev/data-sync-run.ts': [],
};

const SRC = path.resolve(__dirname, '../../src');

/**
 * Not checked: the migrations (and the code generator's template of one, onlinedev/codegen.ts); the seeds, which fill every domain's tables of a new or demo
 * tenant (`db/seed*`, `setup/`, `*\/seed.ts`, and workflow/demo-seed.ts, the demo flows that
 * setup/seed.ts runs); and the tenant restore (system/backup/tenant-backup.ts), which writes back
 * every table of a backup and so cannot have one owner.
 */
function excepted(file: string): boolean {
  return (
    file.startsWith('db/migrations/') ||
    /^db\/seed[^/]*\.ts$/.test(file) ||
    file.startsWith('setup/') ||
    /^[^/]+\/seed\.ts$/.test(file) ||
    file === 'workflow/demo-seed.ts' ||
    // The code generator's templates: the SQL there is the text of a generated migration.
    file === 'onlinedev/codegen.ts' ||
    file === 'system/backup/tenant-backup.ts'
  );
}

/** Kysely's builders of a write; their first argument names the table (`'x'` or `'x as y'`). */
const WRITE_METHODS = new Set(['insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto']);
/** A write in SQL text: the table after `insert into`, `delete from`, `merge into`, or `update … set`. */
const RAW_WRITE =
  /\b(insert\s+into|delete\s+from|merge\s+into|update)\s+(?:only\s+)?(?!set\b)("?[a-z_]\w*"?|\0)(\s+(?:as\s+)?(?!set\b)[a-z_]\w*)?(\s+set\b)?/gi;

interface Write {
  file: string;
  /** The table, or null when a variable names it. */
  table: string | null;
  how: string;
}

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesOf(full);
    return /\.ts$/.test(name) ? [full] : [];
  });
}

/** The writes of a source file: its builder calls and the SQL of its template literals. */
function writesOf(file: string, text: string): Write[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: Write[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITE_METHODS.has(node.expression.name.text)
    ) {
      const how = node.expression.name.text;
      const first = node.arguments[0];
      const named = first && ts.isStringLiteralLike(first) ? first.text.split(/\s+as\s+/)[0] : null;
      out.push({ file, table: named ?? null, how });
    }
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      // Each `${…}` as one mark: the table there is a variable's.
      const body = ts.isTemplateExpression(node)
        ? node.head.text + node.templateSpans.map((s) => `\0${s.literal.text}`).join('')
        : node.text;
      for (const m of body.matchAll(RAW_WRITE)) {
        const [, verb = '', target = ''] = m;
        if (/^update$/i.test(verb) && !m[4]) continue;
        const table = target === '\0' ? null : target.replaceAll('"', '').toLowerCase();
        out.push({ file, table, how: verb.toLowerCase().replace(/\s+/, ' ') });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const writes = filesOf(SRC).flatMap((full) => {
  const file = path.relative(SRC, full).split(path.sep).join('/');
  return writesOf(file, readFileSync(full, 'utf8')).map((w) => ({ ...w, excepted: excepted(file) }));
});
const checked = writes.filter((w) => !w.excepted);
const folderOf = (file: string) => file.split('/')[0] ?? '';

describe('table owners', () => {
  it('gives every table of db/schema.ts one owner, a folder of the server', () => {
    const schema = readFileSync(path.join(SRC, 'db/schema.ts'), 'utf8');
    const block = /export interface DB \{([\s\S]*?)\n\}/.exec(schema)?.[1] ?? '';
    const tables = [...block.matchAll(/^\s+(\w+):/gm)].map((m) => m[1]);
    expect(tables.length).toBeGreaterThan(50);
    expect(Object.keys(OWNERS).sort()).toEqual(tables.filter((t) => !t?.startsWith('gen_')).sort());
    const folders = readdirSync(SRC).filter((name) => statSync(path.join(SRC, name)).isDirectory());
    for (const owner of new Set(Object.values(OWNERS))) expect(folders).toContain(owner);
  });

  it('reads the writes of builders and of SQL text', () => {
    const seen = (file: string, how: string, table: string) =>
      checked.some((w) => w.file === file && w.how === how && w.table === table);
    expect(seen('auth/end-sessions.ts', 'updateTable', 'sys_session')).toBe(true);
    expect(seen('message/write-messages.ts', 'insertInto', 'sys_message')).toBe(true);
    expect(seen('workflow/task-store.ts', 'insert into', 'flow_history')).toBe(true);
    expect(seen('workflow/task-store.ts', 'update', 'flow_task')).toBe(true);
  });

  it('has each table written only in its owner folder (seeds, migrations and the restore aside)', () => {
    const wrong = checked
      .filter((w) => w.table !== null && ownerOf(w.table) !== folderOf(w.file))
      .map((w) => `${w.file}: ${w.how} ${w.table} (owner: ${ownerOf(w.table as string) ?? 'none'})`);
    expect(wrong).toEqual([]);
  });

  it('has a table named by a variable written only where the file says which, by their owner', () => {
    const unlisted = checked
      .filter((w) => w.table === null && !(w.file in NAMED_BY_VARIABLE))
      .map((w) => `${w.file}: ${w.how} through a variable`);
    expect(unlisted).toEqual([]);
    for (const [file, tables] of Object.entries(NAMED_BY_VARIABLE)) {
      expect(checked.some((w) => w.file === file && w.table === null)).toBe(true);
      for (const table of tables) expect(`${file}: ${OWNERS[table]}`).toBe(`${file}: ${folderOf(file)}`);
    }
  });
});
