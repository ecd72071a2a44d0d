import { envelope, navResultSchema } from '@srm/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler } from '../../src/core/serializer';

const compile = (schema: z.ZodType, validate: boolean) =>
  createSerializerCompiler({ validate })({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });

describe('compiled response serializer', () => {
  it('writes nullable, optional, union, record and recursive fields as JSON.stringify does', () => {
    const schema = envelope(
      z.object({
        name: z.string().nullable(),
        note: z.string().optional(),
        value: z.union([z.string(), z.number()]),
        counts: z.record(z.string(), z.number()),
        nav: navResultSchema,
      }),
    );
    const item = {
      id: '1',
      parentId: '0',
      menuName: '系统',
      menuNameEn: 'System',
      menuNameTw: '系統',
      menuPerms: 'system',
      menuIcon: '',
      menuType: 0,
      menuUrl: '',
      orderNum: 1,
      linkTarget: '_self',
      propertyJson: '{}',
      category: 'web' as const,
    };
    const data = {
      code: 0,
      msg: 'Success',
      data: {
        name: null,
        value: 7,
        counts: { a: 1, b: 2 },
        nav: {
          menuList: [{ ...item, children: [{ ...item, id: '2', parentId: '1', children: null }] }],
          permissionList: [{ modelId: '2', button: [{ enCode: 'x', fullName: 'X' }], column: [] }],
        },
      },
    };
    for (const validate of [false, true]) {
      expect(JSON.parse(compile(schema, validate)(data))).toEqual(data);
    }
  });

  it('leaves out fields the schema does not declare', () => {
    const schema = envelope(z.object({ account: z.string() }));
    const json = compile(schema, false)({ code: 0, msg: '', data: { account: 'a', passwordHash: 'secret' } });
    expect(JSON.parse(json)).toEqual({ code: 0, msg: '', data: { account: 'a' } });
  });

  it('with validation (tests), refuses an answer that breaks its schema', () => {
    const schema = envelope(z.object({ count: z.number().int() }));
    expect(() => compile(schema, true)({ code: 0, msg: '', data: { count: '3' } })).toThrow();
    expect(() => compile(schema, true)({ code: 0, msg: '', data: { count: 1.5 } })).toThrow();
  });

  it('with validation (tests), refuses a serializer output that differs from what zod parses', () => {
    // zod takes the first branch that parses (and strips `b`); the serializer writes the branch
    // whose JSON Schema matches exactly, keeping `b`.
    const schema = envelope(
      z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.string() })]),
    );
    const data = { code: 0, msg: '', data: { a: 'x', b: 'y' } };
    expect(JSON.parse(compile(schema, false)(data))).toEqual(data);
    expect(() => compile(schema, true)(data)).toThrow(/differs from the zod output/);
  });

  it('refuses, when the route is compiled, a schema JSON Schema cannot express', () => {
    const schema = envelope(z.object({ n: z.number().transform((n) => n * 2) }));
    expect(() => compile(schema, false)).toThrow();
  });
});
