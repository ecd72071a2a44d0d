import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../api/envelope';
import {
  DECIMAL_MAX_INTEGER_DIGITS,
  MONEY_PLACES,
  normalizeDecimal,
  PRICE_PLACES,
  QUANTITY_PLACES,
  toScaled,
} from './decimal.core';
import { PO_LINE_ANSWERS, PO_MAX_LINES, PO_STATES } from './order.core';

export * from './decimal.core';
export * from './order.core';

export const poText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });
export const poOptionalText = (max: number) =>
  z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.tooLong' }).default('');

/**
 * A decimal given as a string or a number, answered as its text with exactly `places` places;
 * refused with `error` when it is not one, has more places, is out of range or (`positive`) not
 * above zero.
 */
const decimal = (places: number, error: string, positive: boolean) =>
  z.union([z.string(), z.number()], { error }).transform((value, ctx) => {
    const text = String(value).trim();
    const places_ = /\.(\d+)$/.exec(text)?.[1]?.length ?? 0;
    const scaled = places_ <= places ? toScaled(text, places) : null;
    const whole = text.replace(/^-/, '').split('.')[0] ?? '';
    if (
      scaled === null ||
      whole.length > DECIMAL_MAX_INTEGER_DIGITS ||
      (positive ? scaled <= 0n : scaled < 0n)
    ) {
      ctx.addIssue({ code: 'custom', message: error });
      return z.NEVER;
    }
    return normalizeDecimal(text, places) as string;
  });

export const poQuantitySchema = decimal(QUANTITY_PLACES, 'validation.poQuantity', true);
/** A quantity that may be zero (received, rejected). */
export const poQuantityOrZeroSchema = decimal(QUANTITY_PLACES, 'validation.poQuantityOrZero', false);
export const poPriceSchema = decimal(PRICE_PLACES, 'validation.poPrice', false);
/** An amount of money: two places, not negative. */
export const poMoneySchema = decimal(MONEY_PLACES, 'validation.poMoney', false);
export const poDateSchema = z
  .string({ error: 'validation.required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalid' })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: 'validation.invalid',
    },
  );
export const poVersionField = z.number({ error: 'validation.invalid' }).int().min(0);
const currency = z
  .string({ error: 'validation.invalid' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: 'validation.poCurrency' });

export const poLineInputSchema = z.object({
  /** A line of the order as it was (a revision keeps its id); left out for a new line. */
  id: idSchema.optional(),
  materialCode: poOptionalText(40),
  materialName: poText(100),
  spec: poOptionalText(100),
  unit: poText(20),
  quantity: poQuantitySchema,
  unitPrice: poPriceSchema,
  deliveryDate: poDateSchema,
});

/** POST create, and PUT: a draft's edit or a released order's revision (with its `version`). */
export const poSaveSchema = z.object({
  supplierId: idSchema,
  currency: currency.default('CNY'),
  deliveryAddress: poText(200),
  paymentTerms: poOptionalText(200),
  remark: poOptionalText(500),
  lines: z
    .array(poLineInputSchema, { error: 'validation.invalid' })
    .min(1, { error: 'validation.poLinesRequired' })
    .max(PO_MAX_LINES, { error: 'validation.tooMany' }),
});
export const poUpdateSchema = poSaveSchema.extend({ version: poVersionField });
export type PoSave = z.output<typeof poSaveSchema>;
export type PoUpdate = z.output<typeof poUpdateSchema>;

export const poVersionSchema = z.object({ version: poVersionField });
export const poCancelSchema = z.object({ version: poVersionField, reason: poText(200) });
export const poDecideSchema = z.object({
  version: poVersionField,
  lineId: idSchema,
  accept: z.boolean({ error: 'validation.invalid' }),
  reason: poOptionalText(200),
});

/** The supplier's answer to some of the waiting lines, at the order's `version`. */
export const poAnswerSchema = z
  .object({
    version: poVersionField,
    lines: z
      .array(
        z
          .object({
            lineId: idSchema,
            answer: z.enum(PO_LINE_ANSWERS, { error: 'validation.invalid' }),
            reason: poOptionalText(200),
            quantity: poQuantitySchema.optional(),
            deliveryDate: poDateSchema.optional(),
          })
          .superRefine((line, ctx) => {
            if (line.answer !== 'accept' && !line.reason)
              ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.required' });
            if (line.answer === 'propose' && line.quantity === undefined && line.deliveryDate === undefined)
              ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'validation.poProposal' });
          }),
        { error: 'validation.invalid' },
      )
      .min(1, { error: 'validation.required' })
      .max(PO_MAX_LINES, { error: 'validation.tooMany' }),
  })
  .refine((b) => new Set(b.lines.map((l) => l.lineId)).size === b.lines.length, {
    path: ['lines'],
    error: 'validation.invalid',
  });
export type PoAnswer = z.output<typeof poAnswerSchema>;

export const poListQuerySchema = pageQuerySchema.extend({
  state: z.enum(PO_STATES, { error: 'validation.invalid' }).optional(),
  supplierId: idSchema.optional(),
  /**
   * Orders with lines the supplier has not answered, that staff must settle, or with an accepted
   * line past its due date and quantity still to ship.
   */
  attention: z.enum(['waiting', 'settle', 'overdue']).optional(),
});
export type PoListQuery = z.output<typeof poListQuerySchema>;
/** The supplier's list: its own orders only, so no supplier to choose. */
export const poPortalQuerySchema = poListQuerySchema.omit({ supplierId: true });

const decimalText = z.string();
const ms = z.number().nullable();

export const poLineSchema = z.object({
  id: z.string(),
  lineNo: z.number().int(),
  materialCode: z.string(),
  materialName: z.string(),
  spec: z.string(),
  unit: z.string(),
  quantity: decimalText,
  unitPrice: decimalText,
  amount: decimalText,
  deliveryDate: z.string(),
  state: z.enum(['waiting', 'accepted', 'rejected', 'proposed']),
  proposedQuantity: decimalText.nullable(),
  proposedDate: z.string().nullable(),
  reason: z.string(),
  answeredBy: z.string(),
  answeredAt: ms,
  revision: z.number().int(),
  shippedQuantity: decimalText,
  receivedQuantity: decimalText,
  openQuantity: decimalText,
});

export const poSummarySchema = z.object({
  id: z.string(),
  billNo: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  state: z.enum(PO_STATES),
  revision: z.number().int(),
  version: z.number().int(),
  currency: z.string(),
  totalAmount: decimalText,
  lineCount: z.number().int(),
  waitingLines: z.number().int(),
  attentionLines: z.number().int(),
  firstDeliveryDate: z.string().nullable(),
  buyerName: z.string(),
  createdAt: z.number(),
  releasedAt: ms,
  acknowledgedAt: ms,
});

export const poSchema = poSummarySchema.extend({
  deliveryAddress: z.string(),
  paymentTerms: z.string(),
  remark: z.string(),
  flowTaskId: z.string().nullable(),
  lines: z.array(poLineSchema),
  history: z.array(
    z.object({
      id: z.string(),
      event: z.string(),
      revision: z.number().int(),
      lineNo: z.number().int().nullable(),
      actorName: z.string(),
      side: z.enum(['staff', 'supplier', 'system']),
      detail: z.string(),
      at: z.number(),
    }),
  ),
  actions: z.array(z.string()),
});

export const poSupplierChoiceSchema = z.object({
  id: z.string(),
  supplierCode: z.string(),
  supplierName: z.string(),
});
