import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

/**
 * A small fuzz pass over every operation of the OpenAPI document, as the administrator and
 * anonymously: wrong types, missing fields, NUL characters, lone surrogates, huge strings and ids
 * beyond bigint in path parameters, query strings and bodies. No answer may be a 5xx, and every
 * refusal must be the product's envelope (never a library's own error format).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}
interface Operation {
  method: Method;
  path: string;
  query: string[];
  body: Record<string, JsonSchema> | null;
}

/** Operations that answer something other than the JSON envelope by design. */
const NOT_ENVELOPE = new Set([
  'GET /api/sys/wxUser/callback',
  'POST /api/sys/wxUser/callback',
  // The data interfaces' OpenAPI document, as client tools read it (its refusals are envelopes).
  'GET /api/systemData/DataInterface/OpenApi',
]);
/** Ends the caller's own session (fuzzed, but then the next cases sign in again). */
const OUT_OF_RANGE_ID = '9223372036854775808';
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const HUGE = 'x'.repeat(20_000);
/** URL form of a value; a lone surrogate has no UTF-8 form, so its would-be bytes are sent. */
const enc = (v: string) => (v === LONE_SURROGATE ? 'a%ED%A0%80b' : encodeURIComponent(v));

let t: TestApp;
let admin = '';
let operations: Operation[] = [];

function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return typeOf(schema.anyOf.find((s) => s.type !== 'null') ?? {});
  return (Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type) ?? 'any';
}

/** A value of the wrong type for a property. */
function wrongType(schema: JsonSchema): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return { nested: [1, 2] };
    case 'array':
      return 'not-an-array';
    case 'object':
      return [NUL];
    default:
      return 'not-a-number';
  }
}

/** Body variants: empty, wrong types, and every field set to one bad value. */
function bodies(props: Record<string, JsonSchema>): unknown[] {
  const fill = (value: string) =>
    Object.fromEntries(
      Object.entries(props).map(([k, s]) => {
        const type = typeOf(s);
        if (type === 'array') return [k, [value]];
        if (type === 'number' || type === 'integer') return [k, 1e308];
        if (type === 'boolean') return [k, 1];
        return [k, value];
      }),
    );
  return [
    {},
    Object.fromEntries(Object.entries(props).map(([k, s]) => [k, wrongType(s)])),
    ...[NUL, LONE_SURROGATE, HUGE, OUT_OF_RANGE_ID].map(fill),
  ];
}

function cases(op: Operation): InjectOptions[] {
  const out: InjectOptions[] = [];
  const pathWith = (value: string) => op.path.replace(/\{[^}]+\}/g, enc(value));
  const hasParams = op.path.includes('{');
  // Bad path parameters, each once; the query and body cases on an ordinary id.
  if (hasParams) {
    for (const pv of [OUT_OF_RANGE_ID, NUL, LONE_SURROGATE, HUGE.slice(0, 600), '-1']) {
      out.push({ method: op.method, url: pathWith(pv), ...(op.body ? { payload: {} } : {}) });
    }
  }
  const url = hasParams ? pathWith('1') : op.path;
  for (const v of [NUL, LONE_SURROGATE, OUT_OF_RANGE_ID, HUGE]) {
    if (!op.query.length) break;
    out.push({ method: op.method, url: `${url}?${op.query.map((q) => `${q}=${enc(v)}`).join('&')}` });
  }
  // One parameter at a time too, so another parameter's error cannot hide it.
  for (const q of op.query) {
    for (const v of [NUL, OUT_OF_RANGE_ID]) out.push({ method: op.method, url: `${url}?${q}=${enc(v)}` });
  }
  if (op.body === null) {
    out.push({ method: op.method, url });
    if (op.method !== 'GET') out.push({ method: op.method, url, payload: { x: NUL } });
    return out;
  }
  for (const payload of bodies(op.body)) {
    out.push({ method: op.method, url, payload: payload as InjectOptions['payload'] });
  }
  // Not JSON at all, and not a type the server reads.
  out.push({ method: op.method, url, payload: '{"broken', headers: { 'content-type': 'application/json' } });
  out.push({ method: op.method, url, payload: 'a=b', headers: { 'content-type': 'text/csv' } });
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  const spec = t.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        }
      >
    >;
  };
  operations = Object.entries(spec.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const json = op.requestBody?.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase() as Method,
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: json ? (json.properties ?? {}) : null,
      };
    }),
  );
});

afterAll(async () => {
  await t?.close();
});

describe('fuzzing every OpenAPI operation', () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  for (const who of ['admin', 'anonymous'] as const) {
    it(`never answers a 5xx or a foreign error format (${who})`, async () => {
      const failures = new Set<string>();
      let requests = 0;
      for (const op of operations) {
        const key = `${op.method} ${op.path}`;
        for (const c of cases(op)) {
          const headers: Record<string, string> = {
            'accept-language': 'en-US',
            ...(c.headers as Record<string, string> | undefined),
          };
          if (who === 'admin') headers.token = admin;
          const res = await t.request({ ...c, headers });
          requests++;
          // One line per operation and kind of failure, with the first case that showed it.
          const seen = [...failures].some((f) => f.startsWith(`${res.status} ${key} `));
          const label = `${res.status} ${key} (${String(c.url).slice(0, 80)} ${JSON.stringify(c.payload ?? '').slice(0, 80)})`;
          const bad =
            res.status >= 500 ||
            (!NOT_ENVELOPE.has(key) && res.status >= 400 && !Number.isFinite(res.body.code)) ||
            (!NOT_ENVELOPE.has(key) &&
              /json/.test(String(res.headers['content-type'])) &&
              !Number.isFinite(res.body.code)) ||
            /fastify|FST_/i.test(res.raw);
          if (bad && !seen) failures.add(`${label}: ${res.raw.slice(0, 160)}`);
          // Fuzzing may end the session (sign-out, forced offline): sign in again and carry on.
          if (who === 'admin' && [600, 601, 602].includes(res.body.code)) {
            admin = await t.login('admin', 'admin123');
          }
        }
      }
      expect(requests).toBeGreaterThan(800);
      expect([...failures]).toEqual([]);
    }, 240_000);
  }
});
