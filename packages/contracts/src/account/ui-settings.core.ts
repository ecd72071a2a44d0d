/** The eight theme colours of the settings drawer (docs/rules.md#settings), by name. */
export const THEME_COLOR_NAMES = [
  'blue',
  'purple',
  'azure',
  'ocean',
  'green',
  'yellow',
  'orange',
  'red',
] as const;
export type ThemeColorName = (typeof THEME_COLOR_NAMES)[number];
