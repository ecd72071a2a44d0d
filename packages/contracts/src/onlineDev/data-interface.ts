import { z } from 'zod';
import { idSchema } from '../api/envelope';
import {
  DATA_INTERFACE_CACHE_SECONDS,
  DATA_INTERFACE_FORBIDDEN_HEADERS,
  DATA_INTERFACE_HEADERS_MAX,
  DATA_INTERFACE_KINDS,
  DATA_INTERFACE_METHODS,
  DATA_INTERFACE_PARAMS_MAX,
  DATA_INTERFACE_QUERY_NAME,
  DATA_INTERFACE_RATE_LIMIT,
  DATA_INTERFACE_SOURCES,
  DATA_INTERFACE_STATIC_MAX_BYTES,
  type DataInterface,
  type DataInterfaceOptions,
  type DataInterfaceSummary,
  type DataInterfaceTestResult,
  isInterfaceUrl,
  isJsonText,
} from './data-interface.core';
import { dataModelNamesSchema } from './data-model';
import { datasetParamSchema } from './dataset';

export * from './data-interface.core';

const int = (bounds: { min: number; max: number; default: number }) =>
  z
    .number({ error: 'validation.required' })
    .int('validation.wholeNumber')
    .min(bounds.min, 'validation.numberMin')
    .max(bounds.max, 'validation.numberMax')
    .default(bounds.default);

const queryName = z
  .string({ error: 'validation.required' })
  .regex(DATA_INTERFACE_QUERY_NAME, { error: 'validation.dataInterfaceQueryName' });

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

const bindingSchema = z
  .object({
    param: z
      .string({ error: 'validation.required' })
      .regex(/^[a-z][a-z0-9_]{0,29}$/, { error: 'validation.dmIdentifier' }),
    source: z.enum(DATA_INTERFACE_SOURCES, { error: 'validation.invalid' }),
    value: z.string({ error: 'validation.invalid' }).max(200, { error: 'validation.tooLong' }).default(''),
  })
  .superRefine((b, ctx) => {
    if (b.source === 'query' && !DATA_INTERFACE_QUERY_NAME.test(b.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.dataInterfaceQueryName' });
  });

const headerSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/, { error: 'validation.dataInterfaceHeaderName' })
    .refine((name) => !(DATA_INTERFACE_FORBIDDEN_HEADERS as readonly string[]).includes(name.toLowerCase()), {
      error: 'validation.dataInterfaceHeaderName',
    }),
  /** Empty or left out when editing: the kept value of the same name stays. */
  value: z
    .string({ error: 'validation.invalid' })
    .max(2000, { error: 'validation.tooLong' })
    .regex(/^[^\r\n]*$/, { error: 'validation.invalid' })
    .optional(),
});

const httpSchema = z
  .object({
    method: z.enum(DATA_INTERFACE_METHODS, { error: 'validation.invalid' }),
    url: z
      .string({ error: 'validation.required' })
      .trim()
      .max(2000, { error: 'validation.tooLong' })
      .refine(isInterfaceUrl, { error: 'validation.dataInterfaceUrl' }),
    headers: z.array(headerSchema).max(DATA_INTERFACE_HEADERS_MAX).default([]),
    body: z.string({ error: 'validation.invalid' }).max(65_536, { error: 'validation.tooLong' }).default(''),
    params: z.array(queryName).max(DATA_INTERFACE_PARAMS_MAX).default([]),
  })
  .superRefine((http, ctx) => {
    if (http.method === 'POST' && http.body.trim() && !isJsonText(http.body))
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'validation.dataInterfaceJson' });
    twiceListed(
      http.headers.map((h) => h.name.toLowerCase()),
      (i) =>
        ctx.addIssue({ code: 'custom', path: ['headers', i, 'name'], message: 'validation.dmDuplicateCode' }),
    );
    twiceListed(http.params, (i) =>
      ctx.addIssue({ code: 'custom', path: ['params', i], message: 'validation.dmDuplicateCode' }),
    );
  });

/** Calls `flag` with the index of each item that an earlier one equals. */
function twiceListed(items: readonly string[], flag: (index: number) => void): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item)) flag(i);
    seen.add(item);
  });
}

/** POST create and PUT of a data interface; what each kind needs is checked by its kind. */
export const dataInterfaceSaveSchema = z
  .object({
    code: z
      .string({ error: 'validation.required' })
      .regex(/^[a-z][a-z0-9_]{0,29}$/, { error: 'validation.dmIdentifier' }),
    names: dataModelNamesSchema,
    enabled: z.boolean({ error: 'validation.invalid' }).default(true),
    kind: z.enum(DATA_INTERFACE_KINDS, { error: 'validation.invalid' }),
    roleIds: z.array(idSchema).max(100).default([]),
    rateLimit: int(DATA_INTERFACE_RATE_LIMIT),
    cacheSeconds: int(DATA_INTERFACE_CACHE_SECONDS),
    staticJson: z.string({ error: 'validation.invalid' }).optional(),
    datasetId: idSchema.optional(),
    bindings: z.array(bindingSchema).max(DATA_INTERFACE_PARAMS_MAX).default([]),
    http: httpSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const need = (path: string, message = 'validation.required') =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (value.kind === 'static') {
      if (!value.staticJson?.trim()) need('staticJson');
      else if (utf8Bytes(value.staticJson) > DATA_INTERFACE_STATIC_MAX_BYTES)
        need('staticJson', 'validation.dataInterfaceTooLarge');
      else if (!isJsonText(value.staticJson)) need('staticJson', 'validation.dataInterfaceJson');
    }
    if (value.kind === 'dataset' && !value.datasetId) need('datasetId');
    if (value.kind === 'http' && !value.http) need('http');
    twiceListed(
      value.bindings.map((b) => b.param),
      (i) =>
        ctx.addIssue({
          code: 'custom',
          path: ['bindings', i, 'param'],
          message: 'validation.dmDuplicateCode',
        }),
    );
  });
export type DataInterfaceSave = z.input<typeof dataInterfaceSaveSchema>;

export const dataInterfaceListQuerySchema = z.object({
  keyword: z.string().trim().max(50).optional(),
});

/** A client's query parameters: names and values as typed (each interface reads its own). */
export const dataInterfaceQuerySchema = z.record(
  z.string().max(64),
  z.string({ error: 'validation.invalid' }).max(2000, { error: 'validation.tooLong' }),
);

/** POST `…/{id}/Actions/Test`: the query parameters a client would send. */
export const dataInterfaceTestSchema = z.object({
  params: dataInterfaceQuerySchema.default({}),
});
export type DataInterfaceTest = z.input<typeof dataInterfaceTestSchema>;

const summary = {
  id: z.string(),
  code: z.string(),
  names: dataModelNamesSchema,
  kind: z.enum(DATA_INTERFACE_KINDS),
  enabled: z.boolean(),
  updatedAt: z.number().nullable(),
  updatedByName: z.string(),
};
export const dataInterfaceSummarySchema: z.ZodType<DataInterfaceSummary> = z.object(summary);

export const dataInterfaceSchema: z.ZodType<DataInterface> = z.object({
  ...summary,
  roleIds: z.array(z.string()),
  rateLimit: z.number(),
  cacheSeconds: z.number(),
  staticJson: z.string(),
  datasetId: z.string().nullable(),
  bindings: z.array(
    z.object({ param: z.string(), source: z.enum(DATA_INTERFACE_SOURCES), value: z.string() }),
  ),
  http: z
    .object({
      method: z.enum(DATA_INTERFACE_METHODS),
      url: z.string(),
      headers: z.array(z.object({ name: z.string(), hasSecret: z.boolean() })),
      body: z.string(),
      params: z.array(z.string()),
    })
    .nullable(),
});

export const dataInterfaceOptionsSchema: z.ZodType<DataInterfaceOptions> = z.object({
  datasets: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      names: dataModelNamesSchema,
      params: z.array(datasetParamSchema),
    }),
  ),
  roles: z.array(z.object({ id: z.string(), name: z.string(), code: z.string() })),
});

export const dataInterfaceTestResultSchema: z.ZodType<DataInterfaceTestResult> = z.object({
  status: z.number(),
  ms: z.number(),
  body: z.unknown(),
  truncated: z.boolean(),
});
