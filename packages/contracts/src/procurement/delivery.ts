import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../api/envelope';
import { ASN_MAX_LABELS, ASN_MAX_LINES, ASN_MAX_PACKAGES, ASN_STATES, RECEIPT_STATES } from './delivery.core';
import {
  poDateSchema,
  poOptionalText,
  poQuantityOrZeroSchema,
  poQuantitySchema,
  poText,
  poVersionField,
} from './order';

export * from './delivery.core';

/** The supplier's notice: POST create, PUT save a draft (with its `version`). */
const asnBase = z.object({
  orderId: idSchema,
  shipDate: poDateSchema,
  expectedDate: poDateSchema,
  carrier: poOptionalText(60),
  trackingNo: poOptionalText(60),
  remark: poOptionalText(500),
  lines: z
    .array(
      z.object({
        orderLineId: idSchema,
        quantity: poQuantitySchema,
        batchNo: poOptionalText(40),
        packages: z
          .number({ error: 'validation.invalid' })
          .int({ error: 'validation.invalid' })
          .min(1, { error: 'validation.asnPackages' })
          .max(ASN_MAX_PACKAGES, { error: 'validation.asnPackages' }),
      }),
      { error: 'validation.invalid' },
    )
    .min(1, { error: 'validation.poLinesRequired' })
    .max(ASN_MAX_LINES, { error: 'validation.tooMany' })
    .refine((lines) => new Set(lines.map((l) => l.orderLineId)).size === lines.length, {
      error: 'validation.asnLineTwice',
    })
    .refine((lines) => lines.reduce((n, l) => n + l.packages, 0) <= ASN_MAX_LABELS, {
      error: 'validation.asnLabels',
    }),
});
const datesInOrder = (b: { shipDate: string; expectedDate: string }) => b.expectedDate >= b.shipDate;
const datesMessage = { path: ['expectedDate'], error: 'validation.asnExpectedBeforeShip' };
export const asnSaveSchema = asnBase.refine(datesInOrder, datesMessage);
export const asnUpdateSchema = asnBase.extend({ version: poVersionField }).refine(datesInOrder, datesMessage);
export type AsnSave = z.output<typeof asnSaveSchema>;
export type AsnUpdate = z.output<typeof asnUpdateSchema>;

export const asnVersionSchema = z.object({ version: poVersionField });

export const asnListQuerySchema = pageQuerySchema.extend({
  state: z.enum(ASN_STATES, { error: 'validation.invalid' }).optional(),
  orderId: idSchema.optional(),
  supplierId: idSchema.optional(),
});
export type AsnListQuery = z.output<typeof asnListQuerySchema>;
export const asnPortalQuerySchema = asnListQuerySchema.omit({ supplierId: true });

export const asnScanQuerySchema = z.object({
  code: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(80, { error: 'validation.tooLong' }),
});

/** Staff's receipt of a notice: every line with its accepted and rejected quantities. */
export const receiptSaveSchema = z.object({
  asnId: idSchema,
  /** Confirm at once (else a draft to finish later). */
  confirm: z.boolean({ error: 'validation.invalid' }).default(false),
  remark: poOptionalText(500),
  lines: z
    .array(
      z
        .object({
          asnLineId: idSchema,
          acceptedQuantity: poQuantityOrZeroSchema,
          rejectedQuantity: poQuantityOrZeroSchema,
          rejectReason: poOptionalText(200),
        })
        .superRefine((line, ctx) => {
          if (Number(line.rejectedQuantity) > 0 && !line.rejectReason)
            ctx.addIssue({ code: 'custom', path: ['rejectReason'], message: 'validation.required' });
        }),
      { error: 'validation.invalid' },
    )
    .min(1, { error: 'validation.poLinesRequired' })
    .max(ASN_MAX_LINES, { error: 'validation.tooMany' })
    .refine((lines) => new Set(lines.map((l) => l.asnLineId)).size === lines.length, {
      error: 'validation.invalid',
    }),
});
export const receiptUpdateSchema = receiptSaveSchema
  .omit({ asnId: true })
  .extend({ version: poVersionField });
export type ReceiptSave = z.output<typeof receiptSaveSchema>;
export type ReceiptUpdate = z.output<typeof receiptUpdateSchema>;
export const receiptReverseSchema = z.object({ version: poVersionField, reason: poText(200) });

const ms = z.number().nullable();

export const asnSummarySchema = z.object({
  id: z.string(),
  billNo: z.string(),
  orderId: z.string(),
  orderBillNo: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  state: z.enum(ASN_STATES),
  version: z.number().int(),
  shipDate: z.string(),
  expectedDate: z.string(),
  lineCount: z.number().int(),
  packageCount: z.number().int(),
  createdAt: z.number(),
  sentAt: ms,
  receivedAt: ms,
});

export const receiptSchema = z.object({
  id: z.string(),
  billNo: z.string(),
  state: z.enum(RECEIPT_STATES),
  version: z.number().int(),
  receivedBy: z.string(),
  remark: z.string(),
  createdAt: z.number(),
  confirmedAt: ms,
  reversedAt: ms,
  lines: z.array(
    z.object({
      id: z.string(),
      asnLineId: z.string(),
      acceptedQuantity: z.string(),
      rejectedQuantity: z.string(),
      rejectReason: z.string(),
    }),
  ),
  actions: z.array(z.string()),
});

export const asnSchema = asnSummarySchema.extend({
  carrier: z.string(),
  trackingNo: z.string(),
  remark: z.string(),
  lines: z.array(
    z.object({
      id: z.string(),
      lineNo: z.number().int(),
      orderLineId: z.string(),
      orderLineNo: z.number().int(),
      materialCode: z.string(),
      materialName: z.string(),
      spec: z.string(),
      unit: z.string(),
      quantity: z.string(),
      batchNo: z.string(),
      packages: z.number().int(),
      acceptedQuantity: z.string().nullable(),
      rejectedQuantity: z.string().nullable(),
      rejectReason: z.string(),
    }),
  ),
  receipt: receiptSchema.nullable(),
  actions: z.array(z.string()),
});

export const shippableLineSchema = z.object({
  orderId: z.string(),
  orderBillNo: z.string(),
  orderLineId: z.string(),
  lineNo: z.number().int(),
  materialCode: z.string(),
  materialName: z.string(),
  spec: z.string(),
  unit: z.string(),
  quantity: z.string(),
  openQuantity: z.string(),
  deliveryDate: z.string(),
  deliveryAddress: z.string(),
});

export const asnLabelsSchema = z.object({
  billNo: z.string(),
  orderBillNo: z.string(),
  supplierName: z.string(),
  shipDate: z.string(),
  code128Svg: z.string(),
  labels: z.array(
    z.object({
      lineNo: z.number().int(),
      pkg: z.number().int(),
      packages: z.number().int(),
      materialName: z.string(),
      quantity: z.string(),
      unit: z.string(),
      batchNo: z.string(),
      content: z.string(),
      qrSvg: z.string(),
    }),
  ),
});

export const supplierDeliverySchema = z.object({
  openOrders: z.number().int(),
  openLines: z.number().int(),
  overdueLines: z.number().int(),
  receivedLines: z.number().int(),
  onTimeLines: z.number().int(),
  acceptedLines: z.number().int(),
  onTimeRate: z.number().nullable(),
  qualityRate: z.number().nullable(),
});
