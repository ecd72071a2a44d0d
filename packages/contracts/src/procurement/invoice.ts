import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../api/envelope';
import { INVOICE_MAX_LINES, INVOICE_STATES } from './invoice.core';
import {
  poDateSchema,
  poOptionalText,
  poPriceSchema,
  poQuantitySchema,
  poText,
  poVersionField,
} from './order';

export * from './invoice.core';

export const invoiceSaveSchema = z.object({
  orderId: idSchema,
  invoiceNo: poText(40).regex(/^[A-Za-z0-9-]+$/, { error: 'validation.invoiceNo' }),
  invoiceDate: poDateSchema,
  remark: poOptionalText(500),
  lines: z
    .array(z.object({ orderLineId: idSchema, quantity: poQuantitySchema, unitPrice: poPriceSchema }), {
      error: 'validation.invalid',
    })
    .min(1, { error: 'validation.poLinesRequired' })
    .max(INVOICE_MAX_LINES, { error: 'validation.tooMany' })
    .refine((lines) => new Set(lines.map((l) => l.orderLineId)).size === lines.length, {
      error: 'validation.asnLineTwice',
    }),
});
export type InvoiceSave = z.output<typeof invoiceSaveSchema>;

export const invoiceVersionSchema = z.object({ version: poVersionField });
export const invoiceRejectSchema = z.object({ version: poVersionField, reason: poText(200) });

export const invoiceListQuerySchema = pageQuerySchema.extend({
  state: z.enum(INVOICE_STATES, { error: 'validation.invalid' }).optional(),
  orderId: idSchema.optional(),
  supplierId: idSchema.optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;
export const invoicePortalQuerySchema = invoiceListQuerySchema.omit({ supplierId: true });

const ms = z.number().nullable();
export const invoiceSummarySchema = z.object({
  id: z.string(),
  billNo: z.string(),
  invoiceNo: z.string(),
  invoiceDate: z.string(),
  orderId: z.string(),
  orderBillNo: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  state: z.enum(INVOICE_STATES),
  version: z.number().int(),
  currency: z.string(),
  totalAmount: z.string(),
  createdAt: z.number(),
  decidedAt: ms,
});
export const invoiceSchema = invoiceSummarySchema.extend({
  approvalTaskId: z.string().nullable(),
  remark: z.string(),
  decidedBy: z.string(),
  reason: z.string(),
  lines: z.array(
    z.object({
      id: z.string(),
      orderLineId: z.string(),
      lineNo: z.number().int(),
      materialName: z.string(),
      unit: z.string(),
      quantity: z.string(),
      unitPrice: z.string(),
      amount: z.string(),
      orderUnitPrice: z.string(),
      invoiceableQuantity: z.string(),
      quantityOk: z.boolean(),
      priceOk: z.boolean(),
    }),
  ),
  actions: z.array(z.string()),
});
export const invoiceableLineSchema = z.object({
  orderId: z.string(),
  orderBillNo: z.string(),
  orderLineId: z.string(),
  lineNo: z.number().int(),
  materialName: z.string(),
  unit: z.string(),
  unitPrice: z.string(),
  receivedQuantity: z.string(),
  invoiceableQuantity: z.string(),
});
