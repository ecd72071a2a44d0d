// The zod-free part of schemas.ts (shared by the web without zod).

export const LAYOUT_TYPES = ['classic', 'functional', 'plain'] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];

/** Only the three known layouts are accepted from a response; anything else means classic (docs/rules.md#sessions). */
export function normalizeLayout(theme: unknown): LayoutType {
  return LAYOUT_TYPES.includes(theme as LayoutType) ? (theme as LayoutType) : 'classic';
}
