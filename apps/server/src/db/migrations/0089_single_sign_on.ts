import { type Kysely, sql } from 'kysely';
import { addSeededPage, removeSeededPage } from './seeded-page';

/**
 * Single sign-on (sso/, docs/sign-in.md): `sys_sso_provider`, a tenant's identity providers (OIDC
 * or CAS) with the client secret sealed (core/secret-box.ts); `sys_sso_identity`, who a provider's
 * subject is here (one subject per user and provider); `sys_sso_state`, a started sign-in (its
 * state's hash, PKCE verifier, nonce and the hash of the browser's binding cookie), used once. A
 * session started through a provider keeps the address that ends it there too
 * (`sys_session.sso_logout_url`). And the page `system.sso` for tenants seeded before it.
 */
const PAGE = 'system.sso';
const BUTTONS: [code: string, name: string, order: number][] = [
  [`${PAGE}.add`, '新建', 1],
  [`${PAGE}.edit`, '编辑', 2],
  [`${PAGE}.delete`, '删除', 3],
];

export async function up0089(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists sys_sso_provider (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    name text not null,
    kind text not null check (kind in ('oidc', 'cas')),
    enabled boolean not null default true,
    issuer text not null,
    client_id text not null default '',
    client_secret_sealed text not null default '',
    scopes text not null default '',
    claims jsonb not null,
    allowed_domains jsonb not null default '[]',
    link_by_email boolean not null default false,
    link_by_mobile boolean not null default false,
    create_users boolean not null default false,
    create_dept_id bigint,
    create_role_ids jsonb not null default '[]',
    sign_out_at_provider boolean not null default true,
    sort_code integer not null default 0,
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_by bigint,
    updated_at timestamptz,
    constraint sys_sso_provider_tenant_id_name_key unique (tenant_id, name)
  )`.execute(db);
  await sql`create table if not exists sys_sso_identity (
    provider_id bigint not null references sys_sso_provider(id) on delete cascade,
    subject text not null,
    tenant_id bigint not null references tenant(id),
    user_id bigint not null references sys_user(id),
    linked_at timestamptz not null default now(),
    last_sign_in_at timestamptz,
    primary key (provider_id, subject),
    constraint sys_sso_identity_provider_id_user_id_key unique (provider_id, user_id)
  )`.execute(db);
  await sql`create index if not exists sys_sso_identity_user on sys_sso_identity (tenant_id, user_id)`.execute(
    db,
  );
  await sql`create table if not exists sys_sso_state (
    state_hash text primary key,
    provider_id bigint not null references sys_sso_provider(id) on delete cascade,
    tenant_id bigint not null references tenant(id),
    binding_hash text not null,
    code_verifier text not null,
    nonce text not null,
    redirect text not null default '',
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index if not exists sys_sso_state_created on sys_sso_state (created_at)`.execute(db);
  await sql`alter table sys_session add column if not exists sso_logout_url text not null default ''`.execute(
    db,
  );
  await addSeededPage(db, {
    parent: 'system',
    code: PAGE,
    names: ['单点登录', 'Single Sign-On', '單一登入'],
    icon: 'SafetyCertificateOutlined',
    url: '/system/sso',
    order: 24,
    buttons: BUTTONS,
  });
}

export async function down0089(db: Kysely<unknown>): Promise<void> {
  await removeSeededPage(db, PAGE);
  await sql`alter table sys_session drop column if exists sso_logout_url`.execute(db);
  await sql`drop table if exists sys_sso_state`.execute(db);
  await sql`drop table if exists sys_sso_identity`.execute(db);
  await sql`drop table if exists sys_sso_provider`.execute(db);
}
