/** The eight theme colours of the settings drawer (spec §2.4), by name. */
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
