import { z } from 'zod';

export * from './msg-template-schemas.core';

export const msgTemplateSchema = z.object({
  id: z.string(),
  enCode: z.string(),
  fullName: z.string(),
  /** Title and content with `{name}` placeholders. */
  title: z.string(),
  content: z.string(),
  /** The English and traditional Chinese title and content; empty: the main ones. */
  titleEn: z.string(),
  titleTw: z.string(),
  contentEn: z.string(),
  contentTw: z.string(),
  /** The internal message type it sends (1 system …). */
  messageType: z.number().int(),
  /** A switched-off template sends nothing. */
  enabled: z.boolean(),
});
export type MsgTemplate = z.infer<typeof msgTemplateSchema>;
