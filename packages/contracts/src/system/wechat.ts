import { z } from 'zod';

export * from './wechat.core';

export const wxBindStateSchema = z.object({
  bound: z.boolean(),
  /** When the binding was made (epoch ms); null when not bound. */
  boundAt: z.number().nullable(),
});
export type WxBindState = z.infer<typeof wxBindStateSchema>;
