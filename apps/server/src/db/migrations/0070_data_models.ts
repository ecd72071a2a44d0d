import { type Kysely, sql } from 'kysely';

/**
 * Data models (系统数据 › 数据建模, onlinedev/): `dm_model` one row per tenant and model code with
 * its current version, `dm_model_version` every numbered version with the model as designed and the
 * statements that made its table so. The tables of the models themselves (`dm_<tenant>_<code>`)
 * are made and altered by the data-model service, never by a migration.
 */
const up = [
  `create table if not exists dm_model (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    code text not null,
    full_name text not null,
    full_name_en text not null default '',
    full_name_tw text not null default '',
    table_name text not null,
    version integer not null default 1,
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_by bigint,
    updated_at timestamptz,
    constraint dm_model_tenant_id_code_key unique (tenant_id, code)
  )`,
  `create table if not exists dm_model_version (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    model_id bigint not null references dm_model(id) on delete cascade,
    version integer not null,
    definition jsonb not null,
    statements jsonb not null default '[]'::jsonb,
    created_by bigint,
    created_by_name text not null default '',
    created_at timestamptz not null default now(),
    constraint dm_model_version_model_id_version_key unique (model_id, version)
  )`,
];

export async function up0070(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0070(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists dm_model_version`.execute(db);
  await sql`drop table if exists dm_model`.execute(db);
}
