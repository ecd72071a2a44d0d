import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cleanInputValidatorCompiler } from '../../src/core/validation';

type Result = { value?: Record<string, unknown>; error?: unknown };
const compile = (schema: z.ZodType, httpPart = 'querystring') =>
  cleanInputValidatorCompiler({ schema, method: 'GET', url: '/x', httpPart }) as unknown as (
    data: unknown,
  ) => Result;

describe('query validation', () => {
  const pageQuery = z.object({
    currentPage: z.coerce.number().int().min(1).default(1),
    keyword: z.string().optional(),
  });

  it('answers an empty query with its defaults, a new object each time', () => {
    const validate = compile(pageQuery);
    const first = validate({});
    expect(first.value).toEqual({ currentPage: 1 });
    // A handler that changes its query does not change the next request's.
    (first.value as Record<string, unknown>).currentPage = 99;
    const second = validate({});
    expect(second.value).toEqual({ currentPage: 1 });
    expect(second.value).not.toBe(first.value);
  });

  it('still validates a query that has values, and refuses bad ones', () => {
    const validate = compile(pageQuery);
    validate({});
    expect(validate({ currentPage: '3', keyword: 'a' }).value).toEqual({ currentPage: 3, keyword: 'a' });
    expect(validate({ currentPage: '0' }).error).toBeTruthy();
    expect(validate({ keyword: 'a\u0000b' }).error).toBeTruthy();
  });

  it('refuses an empty query every time when the schema requires a value', () => {
    const validate = compile(z.object({ id: z.string().min(1) }));
    expect(validate({}).error).toBeTruthy();
    expect(validate({}).error).toBeTruthy();
    expect(validate({ id: '1' }).value).toEqual({ id: '1' });
  });

  it('gives an object default a new object each time (not kept)', () => {
    const validate = compile(z.object({ range: z.object({ from: z.number() }).default({ from: 1 }) }));
    const first = validate({});
    (first.value?.range as { from: number }).from = 5;
    expect(validate({}).value).toEqual({ range: { from: 1 } });
  });
});
