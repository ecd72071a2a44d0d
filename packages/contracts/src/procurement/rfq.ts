import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../api/envelope';
import { vendorFileSchema } from '../supplier/supplier-schemas';
import { BID_MAX_EXTEND_MINUTES, RFQ_MODES } from './bid.core';
import {
  poDateSchema,
  poMoneySchema,
  poOptionalText,
  poPriceSchema,
  poQuantitySchema,
  poText,
  poVersionField,
} from './order';
import {
  QUOTE_MAX_FILES,
  QUOTE_MAX_LEAD_DAYS,
  QUOTE_STATES,
  RFQ_MAX_LINES,
  RFQ_MAX_SUPPLIERS,
  RFQ_STATES,
} from './rfq.core';

export * from './bid.core';
export * from './rfq.core';

const uniqueIds = (ids: readonly string[]) => new Set(ids).size === ids.length;

/** A moment as ms since the epoch (the web sends its date-time picker's value). */
const epochMs = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'validation.invalid' })
  .max(8_640_000_000_000_000, { error: 'validation.invalid' });

export const rfqLineInputSchema = z.object({
  materialCode: poOptionalText(40),
  materialName: poText(100),
  spec: poOptionalText(100),
  unit: poText(20),
  quantity: poQuantitySchema,
  deliveryDate: poDateSchema,
});

/** POST create, and PUT a draft (with its `version`). */
export const rfqSaveSchema = z.object({
  title: poText(100),
  mode: z.enum(RFQ_MODES, { error: 'validation.invalid' }).default('sealed'),
  bidStep: poMoneySchema.default('0'),
  bidCeiling: poMoneySchema.nullable().default(null),
  bidExtendMinutes: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' })
    .max(BID_MAX_EXTEND_MINUTES, { error: 'validation.invalid' })
    .default(0),
  categoryCode: poOptionalText(60),
  currency: z
    .string({ error: 'validation.invalid' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: 'validation.poCurrency' })
    .default('CNY'),
  deadline: epochMs,
  deliveryAddress: poText(200),
  terms: poOptionalText(1000),
  remark: poOptionalText(500),
  requisitionTaskId: idSchema.nullable().default(null),
  supplierIds: z
    .array(idSchema, { error: 'validation.invalid' })
    .min(1, { error: 'validation.rfqSuppliersRequired' })
    .max(RFQ_MAX_SUPPLIERS, { error: 'validation.tooMany' })
    .refine(uniqueIds, { error: 'validation.invalid' }),
  lines: z
    .array(rfqLineInputSchema, { error: 'validation.invalid' })
    .min(1, { error: 'validation.poLinesRequired' })
    .max(RFQ_MAX_LINES, { error: 'validation.tooMany' }),
});
export const rfqUpdateSchema = rfqSaveSchema.extend({ version: poVersionField });
export type RfqSave = z.output<typeof rfqSaveSchema>;
export type RfqUpdate = z.output<typeof rfqUpdateSchema>;

export const rfqVersionSchema = z.object({ version: poVersionField });
export const rfqCancelSchema = z.object({ version: poVersionField, reason: poText(200) });
export const rfqNewRoundSchema = z.object({ version: poVersionField, deadline: epochMs });
/** The award: for each line awarded, the supplier whose quote of the round wins it. */
export const rfqAwardSchema = z.object({
  version: poVersionField,
  lines: z
    .array(z.object({ lineId: idSchema, supplierId: idSchema }), { error: 'validation.invalid' })
    .min(1, { error: 'validation.rfqAwardRequired' })
    .max(RFQ_MAX_LINES, { error: 'validation.tooMany' })
    .refine((lines) => uniqueIds(lines.map((l) => l.lineId)), { error: 'validation.invalid' }),
});
export type RfqAward = z.output<typeof rfqAwardSchema>;

/** The supplier's quote of the current round: a unit price (or none) per line of the request. */
export const quoteSaveSchema = z.object({
  version: poVersionField.nullable(),
  submit: z.boolean({ error: 'validation.invalid' }),
  validUntil: poDateSchema,
  remark: poOptionalText(500),
  fileIds: z
    .array(idSchema, { error: 'validation.invalid' })
    .max(QUOTE_MAX_FILES, { error: 'validation.tooMany' })
    .default([]),
  lines: z
    .array(
      z.object({
        rfqLineId: idSchema,
        unitPrice: poPriceSchema.nullable(),
        leadDays: z
          .number({ error: 'validation.invalid' })
          .int({ error: 'validation.invalid' })
          .min(0, { error: 'validation.invalid' })
          .max(QUOTE_MAX_LEAD_DAYS, { error: 'validation.invalid' })
          .nullable()
          .default(null),
        remark: poOptionalText(200),
      }),
      { error: 'validation.invalid' },
    )
    .min(1, { error: 'validation.required' })
    .max(RFQ_MAX_LINES, { error: 'validation.tooMany' })
    .refine((lines) => uniqueIds(lines.map((l) => l.rfqLineId)), { error: 'validation.invalid' }),
});
export type QuoteSave = z.output<typeof quoteSaveSchema>;
export const quoteVersionSchema = z.object({ version: poVersionField });

export const rfqListQuerySchema = pageQuerySchema.extend({
  state: z.enum(RFQ_STATES, { error: 'validation.invalid' }).optional(),
});
export type RfqListQuery = z.output<typeof rfqListQuerySchema>;
export const rfqSupplierQuerySchema = z.object({
  keyword: z.string().trim().max(100).optional(),
  categoryCode: z.string().trim().max(60).optional(),
});
export const requisitionQuerySchema = z.object({ keyword: z.string().trim().max(100).optional() });

const decimalText = z.string();
const ms = z.number().nullable();

export const rfqLineSchema = z.object({
  id: z.string(),
  lineNo: z.number().int(),
  materialCode: z.string(),
  materialName: z.string(),
  spec: z.string(),
  unit: z.string(),
  quantity: decimalText,
  deliveryDate: z.string(),
  award: z
    .object({ supplierId: z.string(), supplierName: z.string(), unitPrice: decimalText, amount: decimalText })
    .nullable(),
});

export const rfqSummarySchema = z.object({
  id: z.string(),
  billNo: z.string(),
  title: z.string(),
  state: z.enum(RFQ_STATES),
  mode: z.enum(RFQ_MODES),
  suspended: z.boolean(),
  round: z.number().int(),
  version: z.number().int(),
  deadline: z.number(),
  currency: z.string(),
  lineCount: z.number().int(),
  supplierCount: z.number().int(),
  quotedCount: z.number().int(),
  awarding: z.boolean(),
  buyerName: z.string(),
  createdAt: z.number(),
  publishedAt: ms,
});

const rfqDetailFields = {
  bidStep: decimalText,
  bidCeiling: decimalText.nullable(),
  bidExtendMinutes: z.number().int(),
  categoryCode: z.string(),
  deliveryAddress: z.string(),
  terms: z.string(),
  lines: z.array(rfqLineSchema),
  cancelReason: z.string(),
};

export const rfqSchema = rfqSummarySchema.extend({
  ...rfqDetailFields,
  remark: z.string(),
  requisition: z.object({ taskId: z.string(), billNo: z.string() }).nullable(),
  suppliers: z.array(
    z.object({
      supplierId: z.string(),
      supplierCode: z.string(),
      supplierName: z.string(),
      quoteState: z.enum(QUOTE_STATES).nullable(),
      submittedAt: ms,
    }),
  ),
  orders: z.array(
    z.object({ id: z.string(), billNo: z.string(), supplierName: z.string(), state: z.string() }),
  ),
  actions: z.array(z.string()),
});

export const quoteSchema = z.object({
  id: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  round: z.number().int(),
  state: z.enum(QUOTE_STATES),
  version: z.number().int(),
  validUntil: z.string(),
  remark: z.string(),
  totalAmount: decimalText,
  submittedAt: ms,
  lines: z.array(
    z.object({
      rfqLineId: z.string(),
      unitPrice: decimalText.nullable(),
      amount: decimalText.nullable(),
      leadDays: z.number().int().nullable(),
      remark: z.string(),
    }),
  ),
  files: z.array(vendorFileSchema),
});

export const rfqComparisonSchema = z.object({
  round: z.number().int(),
  lines: z.array(rfqLineSchema),
  quotes: z.array(quoteSchema),
});

export const portalRfqSchema = rfqSummarySchema.extend({
  ...rfqDetailFields,
  quote: quoteSchema.nullable(),
  previousQuote: quoteSchema.nullable(),
  actions: z.array(z.string()),
});

export const rfqSupplierChoiceSchema = z.object({
  id: z.string(),
  supplierCode: z.string(),
  supplierName: z.string(),
});

export const requisitionChoiceSchema = z.object({
  taskId: z.string(),
  billNo: z.string(),
  title: z.string(),
  launcherName: z.string(),
  neededBy: z.string(),
  rfqCount: z.number().int(),
  lines: z.array(
    z.object({ materialName: z.string(), spec: z.string(), unit: z.string(), quantity: z.string() }),
  ),
});

/** A supplier's bid in a live auction: a unit price for every line of the request. */
export const bidPlaceSchema = z.object({
  lines: z
    .array(z.object({ rfqLineId: idSchema, unitPrice: poPriceSchema }), { error: 'validation.invalid' })
    .min(1, { error: 'validation.bidPricesRequired' })
    .max(RFQ_MAX_LINES, { error: 'validation.tooMany' })
    .refine((lines) => uniqueIds(lines.map((l) => l.rfqLineId)), { error: 'validation.invalid' }),
});
export type BidPlace = z.output<typeof bidPlaceSchema>;

const bidRoundState = z.enum(['open', 'suspended', 'closed']);

export const bidBoardSchema = z.object({
  rfqId: z.string(),
  round: z.number().int(),
  state: bidRoundState,
  deadline: z.number(),
  serverNow: z.number(),
  seq: z.number().int(),
  ranking: z.array(
    z.object({
      rank: z.number().int(),
      supplierId: z.string(),
      supplierName: z.string(),
      best: decimalText,
      bids: z.number().int(),
      lastBidAt: z.number(),
    }),
  ),
  bids: z.array(z.object({ id: z.string(), supplierName: z.string(), total: decimalText, at: z.number() })),
});

export const bidRankSchema = z.object({
  rfqId: z.string(),
  round: z.number().int(),
  state: bidRoundState,
  deadline: z.number(),
  serverNow: z.number(),
  seq: z.number().int(),
  rank: z.number().int().nullable(),
  bidders: z.number().int(),
  ownBest: decimalText.nullable(),
  ownBids: z.array(z.object({ id: z.string(), total: decimalText, at: z.number() })),
  step: decimalText,
  ceiling: decimalText.nullable(),
});
