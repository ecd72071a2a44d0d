import { z } from 'zod';
import { THEME_COLOR_NAMES } from './ui-settings.core';

export * from './ui-settings.core';

/**
 * The settings drawer's persisted settings other than the layout (docs/rules.md#settings), stored per user
 * on the server so that they follow the user to another browser. The layout travels as `theme`.
 * Every key is optional: a stored object from an older client lacks the keys added since.
 */
export const uiSettingsSchema = z
  .object({
    themeColor: z.enum(THEME_COLOR_NAMES),
    themeClass: z.enum(['light', 'dark']),
    slideClass: z.enum(['light', 'dark']),
    showSettings: z.boolean(),
    tagsView: z.boolean(),
    tagsIcon: z.boolean(),
    showLanguage: z.boolean(),
    showSearch: z.boolean(),
    useCache: z.boolean(),
    fixedHeader: z.boolean(),
    sidebarLogo: z.boolean(),
  })
  .partial()
  .strict();
export type UiSettings = z.infer<typeof uiSettingsSchema>;

/** A stored value that no longer matches (or was never written) reads as no settings: the defaults. */
export function parseUiSettings(value: unknown): UiSettings {
  const parsed = uiSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}
