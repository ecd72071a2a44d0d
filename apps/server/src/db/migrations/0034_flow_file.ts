import { type Kysely, sql } from 'kysely';

/**
 * Task attachments (`flow_file`): uploaded first (by content, within the upload size), then named by
 * id in a form's upload fields. The upload is the uploader's alone until a task he saves names it;
 * saving binds it to that task (`task_id`), and from then on the `flowTask` attachment type serves
 * it only to those who may see the task. A bound file never moves to another task.
 *
 * A flow definition's name in English and traditional Chinese (empty: the main name), like the
 * dictionary items' `full_name_en` / `full_name_tw`, so the launch catalogue and the lists name a
 * flow in the reader's language.
 */
const up: string[] = [
  `create table if not exists flow_file (
    id bigint generated always as identity primary key,
    tenant_id bigint not null,
    uploaded_by bigint not null,
    task_id bigint references flow_task(id) on delete cascade,
    storage_key text not null,
    file_name text not null,
    content_type text not null,
    size integer not null,
    created_at timestamptz not null default now()
  )`,
  'create index if not exists flow_file_task on flow_file (task_id) where task_id is not null',
  `alter table flow_definition add column if not exists full_name_en text not null default '',
    add column if not exists full_name_tw text not null default ''`,
  // The demo flows seeded before: named as the seed names them now (only while nobody renamed them).
  `update flow_definition d set full_name_en = n.en, full_name_tw = n.tw
    from (values
      ('purchaseRequisition', '采购申请', 'Purchase requisition', '採購申請'),
      ('leaveApply', '请假申请', 'Leave application', '請假申請'),
      ('vendorAdmission', '供应商准入', 'Supplier admission', '供應商準入'),
      ('vendorChange', '供应商信息变更', 'Supplier information change', '供應商資訊變更')
    ) as n(code, zh, en, tw)
    where d.en_code = n.code and d.full_name = n.zh and d.full_name_en = '' and d.full_name_tw = ''`,
];

export async function up0034(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0034(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists flow_file').execute(db);
  await sql
    .raw('alter table flow_definition drop column if exists full_name_en, drop column if exists full_name_tw')
    .execute(db);
}
