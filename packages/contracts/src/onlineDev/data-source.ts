import { z } from 'zod';
import { idSchema } from '../api/envelope';
import {
  DATA_SOURCE_KINDS,
  type DataSource,
  type DataSourceTable,
  type DataSourceTestResult,
} from './data-source.core';

export * from './data-source.core';

const text = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });

/**
 * A connection as typed. The host is a name or an address, never a URL or options: what is
 * reached is decided by the platform's allow-list, and how by the product's driver settings.
 */
const connection = {
  kind: z.enum(DATA_SOURCE_KINDS, { error: 'validation.invalid' }),
  host: text(253).regex(/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:]+\]?$/, {
    error: 'validation.dataSourceHost',
  }),
  port: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.tooSmall' })
    .max(65_535, { error: 'validation.tooBig' }),
  database: text(63).regex(/^[A-Za-z0-9_$-]+$/, { error: 'validation.dataSourceName' }),
  username: text(63).regex(/^[A-Za-z0-9_.$@-]+$/, { error: 'validation.dataSourceName' }),
  /** Empty or left out when editing: the kept password stays. */
  password: z.string({ error: 'validation.invalid' }).max(200, { error: 'validation.tooLong' }).optional(),
};

/** POST create and PUT of a data source. */
export const dataSourceSaveSchema = z.object({
  code: z
    .string({ error: 'validation.required' })
    .regex(/^[a-z][a-z0-9_]{0,29}$/, { error: 'validation.dmIdentifier' }),
  name: text(50),
  ...connection,
});
export type DataSourceSave = z.input<typeof dataSourceSaveSchema>;

/** POST `…/Actions/Test`: a connection as typed; `id` lends its kept password when none is typed. */
export const dataSourceTestSchema = z.object({ ...connection, id: idSchema.optional() });
export type DataSourceTest = z.input<typeof dataSourceTestSchema>;

export const dataSourceListQuerySchema = z.object({
  keyword: z.string().trim().max(50).optional(),
});

export const dataSourceSchema: z.ZodType<DataSource> = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(DATA_SOURCE_KINDS),
  host: z.string(),
  port: z.number(),
  database: z.string(),
  username: z.string(),
  passwordSet: z.boolean(),
  updatedAt: z.number().nullable(),
  updatedByName: z.string(),
});

export const dataSourceTestResultSchema: z.ZodType<DataSourceTestResult> = z.object({
  version: z.string(),
  ms: z.number(),
});

export const dataSourceTableSchema: z.ZodType<DataSourceTable> = z.object({
  schema: z.string(),
  name: z.string(),
  columns: z.array(
    z.object({
      name: z.string(),
      type: z.enum(['text', 'number', 'date', 'datetime', 'boolean', 'json']),
      dbType: z.string(),
    }),
  ),
});
