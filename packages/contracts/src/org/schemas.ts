import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../api/envelope';
import { zEnCode, zName } from '../validation/rules';
import type { DeptPostNode } from './schemas.core';

export * from './schemas.core';

export const deptTypeSchema = z.enum(['company', 'department']);
export type DeptType = z.infer<typeof deptTypeSchema>;

/** A company or department row on the wire. */
export const deptSchema = z.object({
  id: z.string(),
  parentId: z.string(),
  deptName: z.string(),
  enCode: z.string(),
  deptType: deptTypeSchema,
  orderNum: z.number().int(),
  enabled: z.boolean(),
  managerId: z.string().nullable(),
  managerName: z.string().nullable(),
});
export type Dept = z.infer<typeof deptSchema>;

export interface DeptNode extends Dept {
  children: DeptNode[] | null;
}
export const deptNodeSchema: z.ZodType<DeptNode> = z.lazy(() =>
  deptSchema.extend({ children: z.array(deptNodeSchema).nullable() }),
);

/** GET company: the row with its parent's name and what still belongs to it (deleting needs all 0). */
export const companyDetailSchema = deptSchema.extend({
  parentName: z.string().nullable(),
  subCompanyCount: z.number().int(),
  deptCount: z.number().int(),
  userCount: z.number().int(),
  positionCount: z.number().int(),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

const orderNum = z.number().int().min(0).max(999_999).default(0);

/** POST company. The parent is "0" (a head office) or another company. */
export const companyCreateSchema = z.object({
  parentId: idSchema,
  deptName: zName({ max: 50 }),
  enCode: zEnCode({ max: 50 }),
  orderNum,
  enabled: z.boolean().default(true),
});
export type CompanyCreate = z.input<typeof companyCreateSchema>;
/** PUT company: everything but the parent (see move). */
export const companyUpdateSchema = companyCreateSchema.omit({ parentId: true });
export type CompanyUpdate = z.input<typeof companyUpdateSchema>;
/** PUT company move: the new parent ("0" or a company that is not the company itself or below it). */
export const companyMoveSchema = z.object({ parentId: idSchema });

/** POST/PUT department. The parent is a company or a department; the manager a user of the tenant. */
export const deptCreateSchema = z.object({
  parentId: idSchema,
  deptName: zName({ max: 50 }),
  enCode: zEnCode({ max: 50 }),
  orderNum,
  enabled: z.boolean().default(true),
  managerId: idSchema.nullable().default(null),
});
export type DeptCreate = z.input<typeof deptCreateSchema>;
export const deptUpdateSchema = deptCreateSchema;
export type DeptUpdate = z.input<typeof deptCreateSchema>;

export const deptTreeQuerySchema = z.object({ companyId: idSchema });
export const deptPageQuerySchema = pageQuerySchema.extend({ companyId: idSchema.optional() });
export const deptListQuerySchema = z.object({
  companyId: idSchema.optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const deptSubAllQuerySchema = z.object({ deptId: idSchema });
export const deptKeyQuerySchema = z.object({ keyword: z.string().trim().max(100).optional() });
/** queryDeptKeyList row: a department with its full path ("总公司/采购部"). */
export const deptKeySchema = z.object({
  id: z.string(),
  deptName: z.string(),
  enCode: z.string(),
  deptType: deptTypeSchema,
  fullName: z.string(),
});
export type DeptKey = z.infer<typeof deptKeySchema>;

export const positionSchema = z.object({
  id: z.string(),
  deptId: z.string().nullable(),
  deptName: z.string().nullable(),
  positionName: z.string(),
  enCode: z.string(),
  enabled: z.boolean(),
  orderNum: z.number().int(),
  userCount: z.number().int(),
});
export type Position = z.infer<typeof positionSchema>;

/** POST/PUT position: it belongs to a company or a department. */
export const positionCreateSchema = z.object({
  deptId: idSchema,
  positionName: zName({ max: 50 }),
  enCode: zEnCode({ max: 50 }),
  orderNum,
  enabled: z.boolean().default(true),
});
export type PositionCreate = z.input<typeof positionCreateSchema>;
export const positionUpdateSchema = positionCreateSchema;
/** PUT position state: enable or disable (a disabled position grants nothing to its users). */
export const positionStateSchema = z.object({ enabled: z.boolean() });

export const positionPageQuerySchema = pageQuerySchema.extend({
  companyId: idSchema.optional(),
  deptId: idSchema.optional(),
});
export const deptPostTreeQuerySchema = z.object({ tenantId: idSchema });
export const deptPostNodeSchema: z.ZodType<DeptPostNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    type: z.enum(['company', 'department', 'position']),
    children: z.array(deptPostNodeSchema).nullable(),
  }),
);

export const idParamSchema = z.object({ id: idSchema });
