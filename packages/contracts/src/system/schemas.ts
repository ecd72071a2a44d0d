import { z } from 'zod';
import type { DictionaryNode, SubCompanyNode } from './schemas.core';

export * from './schemas.core';

/** GET /api/common/enums: common enums as key/value pairs, by enum name. */
export const enumItemSchema = z.object({ key: z.string(), value: z.string() });
export const commonEnumsSchema = z.record(z.string(), z.array(enumItemSchema));
export const dictionaryNodeSchema: z.ZodType<DictionaryNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    enabled: z.boolean(),
    children: z.array(dictionaryNodeSchema).nullable(),
  }),
);
/** GET /api/common/get-conf-dist: the dictionaries the start-up loads. */
export const confDictSchema = z.object({
  enCode: z.string(),
  fullName: z.string(),
  isTree: z.number().int(),
  dictionaryList: z.array(dictionaryNodeSchema),
});

/** get-sys-dist and get-base-dist: system (platform) and base (tenant) dictionaries. */
export const distSchema = z.object({
  distCode: z.string(),
  distName: z.string(),
  distDataList: z.array(
    z.object({ distData: z.string(), distLabel: z.string(), sort: z.number(), enabled: z.boolean() }),
  ),
});
export type ConfDict = z.infer<typeof confDictSchema>;
export type Dist = z.infer<typeof distSchema>;
/** get-sys-config and get-base-config. */
export const configItemSchema = z.object({
  paramKey: z.string(),
  paramValue: z.string(),
  remark: z.string(),
});
export type ConfigItem = z.infer<typeof configItemSchema>;
export const subCompanyNodeSchema: z.ZodType<SubCompanyNode> = z.lazy(() =>
  z.object({ id: z.string(), deptName: z.string(), children: z.array(subCompanyNodeSchema).nullable() }),
);

/** The sign-in log row (system → log). ipAddress is a column permission: absent when not granted. */
export const loginLogSchema = z.object({
  id: z.string(),
  account: z.string(),
  userName: z.string(),
  success: z.boolean(),
  msg: z.string(),
  ipAddress: z.string().optional(),
  ipAddressName: z.string(),
  browser: z.string(),
  platform: z.string(),
  createTime: z.number(),
});
export type LoginLog = z.infer<typeof loginLogSchema>;

export const loginLogQuerySchema = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  keyword: z.string().trim().max(100).optional(),
  startTime: z.coerce.number().int().min(0).optional(),
  endTime: z.coerce.number().int().min(0).optional(),
});
