#!/usr/bin/env node
// The workflow at scale, on PostgreSQL (DATABASE_URL: a server where it creates and drops a database
// of its own). The demo tenant gets 10,000 more users and 1,000,000 tasks of a one-approver flow,
// generated with SQL (generate_series) from one task launched through the API, so every row is what
// the engine itself writes (its state, node activations, the to-do item, the history line). Then,
// against the built server, from load-generator processes (bench/load.mjs, autocannon) and beside
// the bare Fastify route measured in the same run:
//   - the to-do list, page 1 and page 50 (20 a page), 8 connections, each one of 8 users with
//     2,500 to-dos; the task detail of their tasks, 8 connections;
//   - approvals with their history and outbox (and the outbox's messages, sent by the server's job
//     workers during the window), 16 connections, each one of 16 approvers on his own tasks.
// Part of `npm run bench` when DATABASE_URL is set. Usage:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/workflow.mjs \
//     [--tasks 1000000] [--users 10000] [--duration 5] [--warmup 1] [--keep] [--reuse NAME]
// --keep leaves the database (its name is printed); --reuse NAME measures again on such a database
// without generating it (each run approves some of the approvers' 20,000 to-dos for good; --tasks
// must be the size it was made with, for the table's labels).
import os from 'node:os';
import {
  api,
  arg,
  flag,
  main,
  preparePgDatabase,
  requireBuild,
  runChild,
  signIn,
  startBare,
  startServer,
} from './lib.mjs';

const TASKS = arg('tasks', 1_000_000);
const USERS = arg('users', 10_000);
const DURATION = arg('duration', 5);
const WARMUP = arg('warmup', 1);
/** List users (8 connections) and approvers (16 connections): the first users generated. */
const LISTERS = 8;
const APPROVERS = 16;
const B = '/api/flow/FlowEngine/FlowBefore';
requireBuild();
const pgUrl = process.env.DATABASE_URL;
if (!pgUrl) {
  console.error('bench/workflow.mjs needs DATABASE_URL (a PostgreSQL server where it may create a database)');
  process.exit(1);
}

const { default: pg } = await import('pg');
const REUSE = arg('reuse', null);
const db = await preparePgDatabase(pgUrl, REUSE ?? `srm_bench_flow_${process.pid}`, {
  reuse: REUSE !== null,
});
const bare = await startBare();
const cleanups = [bare.stop, ...(flag('keep') || REUSE !== null ? [] : [db.drop])];
const cleanup = async () => {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch((e) => console.error(e));
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => cleanup().then(() => process.exit(130)));
const env = { DATABASE_URL: db.url, SEED_DEMO: '1' };
const log = (line) => process.stderr.write(`  ${line}\n`);

/** A one-approver leave flow, released, and one task of the buyer waiting at the manager. */
async function templateTask(base) {
  const admin = await signIn(base, 'admin', 'admin123');
  const buyer = await signIn(base, 'buyer', 'buyer123');
  const users = await api(base, '/api/permission/Users?keyword=manager&pageSize=5', undefined, admin);
  const manager = users.list.find((u) => u.account === 'manager').id;
  const { id: flowId } = await api(
    base,
    '/api/flow/FlowEngine/save',
    {
      enCode: 'benchLeave',
      fullName: '压测请假',
      category: 'hr',
      formName: 'LeaveApply',
      flowTemplateJson: {
        id: 'start',
        type: 'start',
        name: '发起人',
        next: {
          id: 'approve',
          type: 'approver',
          name: '审批',
          assignee: { kind: 'users', userIds: [manager] },
          signMode: 'or',
          next: { id: 'end', type: 'end', name: '结束' },
        },
      },
    },
    admin,
  );
  await api(base, `/api/flow/FlowEngine/release/${flowId}`, {}, admin);
  const task = await api(
    base,
    '/api/workflow/Form/LeaveApply',
    {
      flowId,
      formData: {
        leaveType: 'annual',
        startDate: '2026-12-01',
        endDate: '2026-12-02',
        days: 2,
        reason: '压测',
      },
    },
    buyer,
  );
  return task.id;
}

/**
 * The users and the tasks, in SQL. Task g (1…TASKS) is launched by user g mod USERS; every 50th
 * waits at one of the 8 listers (2,500 each), the next at one of the 16 approvers (1,250 each); of
 * the others a fifth wait at a user, the rest were approved by him.
 */
/** The generated users, in the order `fill` made them: listers first, then approvers. */
async function benchUsers(q, tenantId) {
  return (
    await q(`select id from sys_user where tenant_id = $1 and account ~ '^w[0-9]{5}$' order by account`, [
      tenantId,
    ])
  ).rows.map((r) => r.id);
}

async function fill(q, templateId) {
  const t0 = performance.now();
  const [{ tenant_id: tenantId, ent_id: entId, password_hash: hash }] = (
    await q(`select tenant_id, ent_id, password_hash from sys_user where account = 'buyer'`)
  ).rows;
  const depts = (
    await q(`select id from sys_dept where tenant_id = $1 and dept_type = 'department' order by id`, [
      tenantId,
    ])
  ).rows.map((r) => r.id);
  await q(
    `insert into sys_user (tenant_id, ent_id, dept_id, account, mobile, real_name, email, password_hash)
     select $1, $2, ($3::bigint[])[1 + (g % array_length($3::bigint[], 1))], 'w' || lpad(g::text, 5, '0'),
            '137' || lpad(g::text, 8, '0'), '员工' || g, 'w' || g || '@example.com', $4
     from generate_series(1, $5::int) g`,
    [tenantId, entId, `{${depts.join(',')}}`, hash, USERS],
  );
  const ids = await benchUsers(q, tenantId);
  const acts = (await q('select * from flow_node_activation where task_id = $1', [templateId])).rows;
  const [op] = (await q('select * from flow_operator where task_id = $1', [templateId])).rows;
  const [{ base }] = (await q('select coalesce(max(id), 0) + 1000 as base from flow_task')).rows;
  // Who each task waits at (or was approved by), and whether it still waits.
  await q(`create temporary table bench_plan (g int, task_id bigint, launcher bigint, approver bigint,
    waiting boolean, at timestamptz)`);
  await q(
    `insert into bench_plan
     select g, ${BigInt(base)}::bigint + g, ($1::bigint[])[1 + g % $2::int],
       case when g % 50 = 0 then ($1::bigint[])[1 + (g / 50) % ${LISTERS}]
            when g % 50 = 1 then ($1::bigint[])[1 + ${LISTERS} + (g / 50) % ${APPROVERS}]
            else ($1::bigint[])[1 + ${LISTERS + APPROVERS} + (g::bigint * 7919) % ($2::int - ${LISTERS + APPROVERS})] end,
       g % 50 in (0, 1) or g % 5 = 0, now() - make_interval(secs => g * 30)
     from generate_series(1, $3::int) g`,
    [`{${ids.join(',')}}`, USERS, TASKS],
  );
  await q(
    `insert into flow_task (id, tenant_id, definition_id, version_id, bill_no, title, title_en, title_tw, launcher_id,
       urgency, status, form_name, form_data, engine_state, row_version, created_at, submitted_at, finished_at)
     overriding system value
     select p.task_id, t.tenant_id, t.definition_id, t.version_id, 'B' || lpad(p.g::text, 8, '0'),
       t.title, t.title_en, t.title_tw, p.launcher, 1 + p.g % 3, case when p.waiting then 1 else 2 end,
       t.form_name, t.form_data,
       jsonb_set(jsonb_set(t.engine_state, '{launcherId}', to_jsonb(p.launcher::text)),
         '{items,0,userId}', to_jsonb(p.approver::text)),
       t.row_version, p.at, p.at, case when p.waiting then null else p.at + interval '1 hour' end
     from bench_plan p cross join (select * from flow_task where id = $1) t`,
    [templateId],
  );
  await q(`select setval(pg_get_serial_sequence('flow_task', 'id'), (select max(id) from flow_task))`);
  for (const a of acts)
    await q(
      `insert into flow_node_activation (task_id, act_key, node_id, node_type, state, entered_at, finished_at)
       select p.task_id, $1, $2, $3, case when $4 = 'done' or not p.waiting then 'done' else 'active' end,
         p.at, case when $4 = 'done' then p.at when p.waiting then null else p.at + interval '1 hour' end
       from bench_plan p`,
      [a.act_key, a.node_id, a.node_type, a.state],
    );
  await q(
    `insert into flow_operator (tenant_id, task_id, item_key, act_key, node_id, node_name, user_id, state,
       sort_order, created_at, handled_at, handled_by)
     select $1, p.task_id, $2, $3, $4, $5, p.approver, case when p.waiting then 'pending' else 'approved' end,
       0, p.at, case when p.waiting then null else p.at + interval '1 hour' end,
       case when p.waiting then null else p.approver end
     from bench_plan p`,
    [tenantId, op.item_key, op.act_key, op.node_id, op.node_name],
  );
  await q(
    `insert into flow_history (tenant_id, task_id, action, actor_id, node_id, opinion, created_at)
     select $1, p.task_id, 'submit', p.launcher, 'start', '', p.at from bench_plan p`,
    [tenantId],
  );
  await q(
    `insert into flow_history (tenant_id, task_id, action, actor_id, node_id, item_key, opinion, created_at)
     select $1, p.task_id, 'audit', p.approver, $2, $3, '同意', p.at + interval '1 hour'
     from bench_plan p where not p.waiting`,
    [tenantId, op.node_id, op.item_key],
  );
  await q('drop table bench_plan');
  await q('vacuum analyze');
  log(`${TASKS} tasks over ${USERS} users generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return people(ids);
}

const people = (ids) => ({
  lister: ids.slice(0, LISTERS),
  approver: ids.slice(LISTERS, LISTERS + APPROVERS),
});

const accountOf = async (q, id) =>
  (await q('select account from sys_user where id = $1', [id])).rows[0].account;

const rows = [];
const bareRuns = [];
async function drive(server, config) {
  return runChild('bench/load.mjs', {
    base: server.base,
    serverPid: server.pid,
    duration: DURATION,
    warmup: WARMUP,
    db: server === bare ? null : { adminUrl: db.adminUrl, name: db.name },
    statements: server !== bare,
    ...config,
  });
}
async function measureBare() {
  bareRuns.push(await drive(bare, { path: '/api/bench/ping', connections: 16 }));
}
async function measure(server, route, config) {
  const at = bareRuns.length;
  await measureBare();
  const r = await drive(server, config);
  rows.push({ route, connections: config.connections, bareAt: at, ...r });
  log(`${route.padEnd(50)} ${Math.round(r.rps)} req/s, p99 ${r.p99} ms, ${r.errors} errors`);
  return r;
}

const startedAt = new Date();
/** The machine's 1-minute load average (other work on the 2 cores shows here). */
const load = () => os.loadavg()[0].toFixed(1);
const loadAtStart = load();
let server;
try {
  log(`bench/workflow.mjs: ${main} on PostgreSQL ${db.version}, database ${db.name}`);
  let templateId = null;
  if (REUSE === null) {
    server = await startServer({ ...env, BENCH_STATEMENTS: '1' });
    templateId = await templateTask(server.base);
    await server.stop();
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const q = (text, params) => client.query(text, params);
  let listerAccounts;
  let approverAccounts;
  try {
    const who =
      templateId === null
        ? people(
            await benchUsers(
              q,
              (await q(`select tenant_id from sys_user where account = 'buyer'`)).rows[0].tenant_id,
            ),
          )
        : await fill(q, templateId);
    listerAccounts = await Promise.all(who.lister.map((id) => accountOf(q, id)));
    approverAccounts = await Promise.all(who.approver.map((id) => accountOf(q, id)));
  } finally {
    await client.end();
  }
  server = await startServer({ ...env, BENCH_STATEMENTS: '1', SEED_DEMO: '' });
  cleanups.push(server.stop);
  const tokens = async (accounts) =>
    Promise.all(
      accounts.map(async (a) => ({ authorization: `Bearer ${await signIn(server.base, a, 'buyer123')}` })),
    );
  const listers = await tokens(listerAccounts);
  const approvers = await tokens(approverAccounts);
  const json = { 'content-type': 'application/json' };

  const list = (currentPage) => ({
    path: `${B}/List/1`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ currentPage, pageSize: 20 }),
    connections: LISTERS,
    clients: listers.map((headers) => ({ headers })),
  });
  const per = Math.floor(TASKS / 50 / LISTERS).toLocaleString('en');
  await measure(server, `to-do list, page 1 (20 of ${per})`, list(1));
  await measure(server, `to-do list, page 50 (20 of ${per})`, list(50));

  // The detail: each connection reads its lister's own tasks in turn.
  const taskPages = await Promise.all(
    listers.map((headers) =>
      fetch(`${server.base}${B}/List/1`, {
        method: 'POST',
        headers: { ...headers, ...json },
        body: JSON.stringify({ currentPage: 1, pageSize: 100 }),
      }).then((r) => r.json()),
    ),
  );
  await measure(server, 'task detail (form, chart, history)', {
    path: `${B}/0`,
    connections: LISTERS,
    clients: listers.map((headers, i) => ({
      headers,
      requests: taskPages[i].data.list.map((item) => ({ path: `${B}/${item.id}` })),
    })),
  });

  // Approvals: each connection approves its approver's to-dos one after another (no warm-up, so
  // that every to-do is approved once: a second approval would be a 409, an error of the table).
  const todosOf = async (headers) => {
    const items = [];
    for (let currentPage = 1; ; currentPage++) {
      const page = await fetch(`${server.base}${B}/List/1`, {
        method: 'POST',
        headers: { ...headers, ...json },
        body: JSON.stringify({ currentPage, pageSize: 500 }),
      }).then((r) => r.json());
      items.push(...page.data.list);
      if (page.data.list.length < 500) return items;
    }
  };
  const todoPages = await Promise.all(approvers.map(todosOf));

  const approvals = await measure(server, 'approve a to-do (history, outbox, messages)', {
    path: `${B}/Audit/0`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ handleOpinion: '同意' }),
    connections: APPROVERS,
    warmup: 0,
    clients: approvers.map((headers, i) => ({
      headers,
      requests: todoPages[i].map((item) => ({ path: `${B}/Audit/${item.operatorId}` })),
    })),
  });
  const approvalsEnded = Date.now();
  await measureBare();
  // What the approvals left: one audit line and one outbox row each, the outbox sent by the workers
  // (waited for up to two minutes after the approvals: how long the backlog takes to drain).
  const check = new pg.Client({ connectionString: db.url });
  await check.connect();
  const since = new Date(Date.now() - (DURATION + 60) * 1000);
  const count = async () =>
    (
      await check.query(
        `select (select count(*) from flow_history where action = 'audit' and created_at > $1)::int as audits,
          (select count(*) from flow_outbox where created_at > $1)::int as outbox,
          (select count(*) from flow_outbox where created_at > $1 and sent_at is not null)::int as sent,
          (select count(*) from sys_message where created_at > $1)::int as messages`,
        [since],
      )
    ).rows[0];
  let written = await count();
  while (written.sent < written.outbox && Date.now() - approvalsEnded < 120_000) {
    await new Promise((r) => setTimeout(r, 250));
    written = await count();
  }
  written.drainedAfter = written.sent === written.outbox ? (Date.now() - approvalsEnded) / 1000 : null;
  await check.end();
  report(approvals, written);
} finally {
  await cleanup();
}

function report(approvals, written) {
  const mean = (list, key) => list.reduce((a, r) => a + r[key], 0) / list.length;
  const f = (x, d = 0) => (x === null || x === undefined ? '—' : x.toFixed(d));
  const us = (s) => (s === null || s === undefined ? '—' : (s * 1e6).toFixed(0));
  const lines = [
    '| route | conns | req/s | × bare | p50 ms | p99 ms | server CPU µs/req | CPU × bare | DB CPU µs/req | statements/req | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| bare Fastify GET /api/bench/ping (mean of ${bareRuns.length}) | 16 | ${f(mean(bareRuns, 'rps'))} | 1.00 | ${f(mean(bareRuns, 'p50'), 1)} | ${f(mean(bareRuns, 'p99'), 1)} | ${us(mean(bareRuns, 'serverCpuPerReq'))} | 1.0 | — | — | ${bareRuns.reduce((a, r) => a + r.errors, 0)} |`,
  ];
  for (const r of rows) {
    const around = bareRuns.slice(r.bareAt, r.bareAt + 2);
    lines.push(
      `| ${r.route} | ${r.connections} | ${f(r.rps)} | ${f(r.rps / mean(around, 'rps'), 3)} | ${f(r.p50, 1)} | ${f(r.p99, 1)} | ${us(r.serverCpuPerReq)} | ${f(r.serverCpuPerReq / mean(around, 'serverCpuPerReq'), 1)} | ${us(r.dbCpuPerReq)} | ${f(r.statementsPerReq, 2)} | ${r.errors} |`,
    );
  }
  console.log(`\nbench/workflow.mjs — ${startedAt.toISOString()} to ${new Date().toISOString()}`);
  console.log(
    `PostgreSQL ${db.version}, ${TASKS} tasks over ${USERS} users, --duration ${DURATION} --warmup ${WARMUP} (none for approvals), ` +
      `load average ${loadAtStart} at the start, ${load()} at the end\n`,
  );
  console.log(lines.join('\n'));
  console.log(
    `\napprovals: ${approvals.requests} answered in the window; since the window began ${written.audits} audit lines, ` +
      `${written.outbox} outbox rows (${written.sent} sent${written.drainedAfter === null ? ' two minutes after the approvals' : `, the last ${written.drainedAfter.toFixed(1)} s after the approvals ended`}), ${written.messages} messages`,
  );
}
