import { type Kysely, sql } from 'kysely';

/**
 * Live bidding (procurement/bid-*.ts, docs/procurement.md): a request for quotation is sealed or a
 * reverse auction (`mode`), with the auction's rules (the least step below a supplier's own best,
 * a ceiling, the minutes a late bid extends the close) and, while suspended, the time its round
 * had left. Every bid is kept (`po_bid`, numbered per round in the order the server took them)
 * with its unit prices; a supplier's best bid stands as its quote of the round.
 */
export async function up0094(db: Kysely<unknown>): Promise<void> {
  await sql`alter table po_rfq
    add column if not exists mode text not null default 'sealed' check (mode in ('sealed', 'auction')),
    add column if not exists bid_step numeric(20, 2) not null default 0 check (bid_step >= 0),
    add column if not exists bid_ceiling numeric(20, 2) check (bid_ceiling >= 0),
    add column if not exists bid_extend_minutes integer not null default 0
      check (bid_extend_minutes between 0 and 30),
    add column if not exists suspended_ms bigint`.execute(db);
  await sql`create table if not exists po_bid (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    rfq_id bigint not null references po_rfq(id) on delete cascade,
    round integer not null,
    seq integer not null,
    supplier_id bigint not null references vendor_supplier(id),
    total numeric(20, 2) not null check (total >= 0),
    created_by bigint not null references sys_user(id),
    created_at timestamptz not null,
    constraint po_bid_rfq_id_round_seq_key unique (rfq_id, round, seq)
  )`.execute(db);
  await sql`create index if not exists po_bid_supplier on po_bid (rfq_id, round, supplier_id, total)`.execute(
    db,
  );
  await sql`create table if not exists po_bid_line (
    tenant_id bigint not null references tenant(id),
    bid_id bigint not null references po_bid(id) on delete cascade,
    rfq_line_id bigint not null references po_rfq_line(id) on delete cascade,
    unit_price numeric(18, 4) not null check (unit_price >= 0),
    primary key (bid_id, rfq_line_id)
  )`.execute(db);
}

export async function down0094(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists po_bid_line`.execute(db);
  await sql`drop table if exists po_bid`.execute(db);
  await sql`alter table po_rfq drop column if exists mode, drop column if exists bid_step,
    drop column if exists bid_ceiling, drop column if exists bid_extend_minutes,
    drop column if exists suspended_ms`.execute(db);
}
