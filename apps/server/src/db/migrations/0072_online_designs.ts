import { type Kysely, sql } from 'kysely';

/**
 * Online designs (在线开发 › 表单设计, onlinedev/design-service.ts): `dm_design` one row per design
 * with its draft (a form and a list bound to a data model), `dm_design_version` every published
 * version, frozen: what the model pages and flow forms use. A model with designs cannot be deleted.
 */
const up = [
  `create table if not exists dm_design (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    kind text not null default 'web',
    full_name text not null,
    full_name_en text not null default '',
    full_name_tw text not null default '',
    category text not null,
    model_id bigint not null references dm_model(id),
    draft jsonb not null,
    published_version integer not null default 0,
    changed boolean not null default true,
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_by bigint,
    updated_at timestamptz,
    constraint dm_design_tenant_id_kind_full_name_key unique (tenant_id, kind, full_name)
  )`,
  `create index if not exists dm_design_model_id_idx on dm_design (model_id)`,
  `create table if not exists dm_design_version (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    design_id bigint not null references dm_design(id) on delete cascade,
    version integer not null,
    content jsonb not null,
    model_version integer not null,
    published_by bigint,
    published_by_name text not null default '',
    published_at timestamptz not null default now(),
    constraint dm_design_version_design_id_version_key unique (design_id, version)
  )`,
];

export async function up0072(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0072(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists dm_design_version`.execute(db);
  await sql`drop table if exists dm_design`.execute(db);
}
