import { theme as antTheme, type ThemeConfig } from 'antd';

/**
 * Theme tokens that keep every text at WCAG AA contrast (4.5:1) in both themes, whatever the
 * chosen theme colour. The chosen colour is moved only as far as needed: darkened (mixed with
 * black, hue kept) until white text on it and it as text on white and on its own light tint
 * reach 4.5:1; in the dark theme, text in the theme colour uses a lightened variant instead,
 * since no single colour can carry white text and also read on a near-black background.
 */
const AA = 4.5;

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function hex(rgb: Rgb): string {
  return `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(color: string): number {
  const [r, g, b] = parse(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two opaque colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mix(color: string, toward: Rgb, amount: number): string {
  const rgb = parse(color);
  return hex(rgb.map((v, i) => v + (toward[i]! - v) * amount) as Rgb);
}

/** The first colour on the way from `seed` toward black or white that `ok` accepts. */
function shift(seed: string, toward: 'black' | 'white', ok: (c: string) => boolean): string {
  const target: Rgb = toward === 'black' ? [0, 0, 0] : [255, 255, 255];
  for (let step = 0; step <= 100; step += 1) {
    const candidate = mix(seed, target, step / 100);
    if (ok(candidate)) return candidate;
  }
  return toward === 'black' ? '#000000' : '#ffffff';
}

/** The light tint behind primary text (the active tab, a selected menu item) in the light theme. */
const primaryTint = (primary: string) => mix(primary, [255, 255, 255], 0.9);
const dark = (colorPrimary: string) =>
  antTheme.getDesignToken({ algorithm: antTheme.darkAlgorithm, token: { colorPrimary } });

/** The theme colour as antd's light theme should get it: readable as text and behind white text. */
export function accessiblePrimary(seed: string): string {
  return shift(seed, 'black', (c) => contrast(c, '#ffffff') >= AA && contrast(c, primaryTint(c)) >= AA);
}

/** Dark theme: the colour behind white text (buttons, the selected menu item) and the text colour. */
export function accessibleDarkPrimary(seed: string): { fill: string; text: string; link: string } {
  const fill = shift(seed, 'black', (c) => contrast(dark(c).colorPrimary, '#ffffff') >= AA);
  const t = dark(fill);
  const backgrounds = [t.colorBgElevated, t.colorBgContainer, t.colorBgLayout, t.colorPrimaryBg];
  const text = shift(seed, 'white', (c) => backgrounds.every((bg) => contrast(c, bg) >= AA));
  // The dark algorithm derives the link colour from the one given: check what it derives.
  const link = shift(text, 'white', (c) => {
    const derived = antTheme.getDesignToken({
      algorithm: antTheme.darkAlgorithm,
      token: { colorPrimary: fill, colorLink: c },
    }).colorLink;
    return backgrounds.every((bg) => contrast(derived, bg) >= AA);
  });
  return { fill, text, link };
}

/** The error colour of the dark theme (texts on near-black: errors, delete links). */
const DARK_ERROR = '#ff7875';

/**
 * Dark theme: the fill behind the white text of a solid danger button (a reject's or a delete's
 * OK). antd fills it with the error colour, which is light so as to read on near-black and so is
 * too light behind white text; the fill is that colour darkened until white text reads on it.
 */
let dangerFill: string | undefined;
export function darkDangerFill(): string {
  if (dangerFill) return dangerFill;
  const derived = antTheme.getDesignToken({
    algorithm: antTheme.darkAlgorithm,
    token: { colorError: DARK_ERROR },
  }).colorError;
  dangerFill = shift(derived, 'black', (c) => contrast(c, '#ffffff') >= AA);
  return dangerFill;
}

/** The light theme's success text (antd's green-8): antd's own green is 2.3:1 on white. */
const LIGHT_SUCCESS_TEXT = '#237804';

/** Tables' "no data" line: antd greys it as disabled (1.8:1), but it is a message to read. */
const tableEmptyText = (tertiary: string) => ({ Table: { colorTextDisabled: tertiary } });

const cache = new Map<string, ThemeConfig>();

/** The ConfigProvider theme for a theme colour and mode. */
export function themeConfig(seed: string, mode: 'light' | 'dark'): ThemeConfig {
  const key = `${seed}:${mode}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let config: ThemeConfig;
  if (mode === 'light') {
    const primary = accessiblePrimary(seed);
    const tertiary = 'rgba(0, 0, 0, 0.62)';
    config = {
      algorithm: antTheme.defaultAlgorithm,
      token: {
        colorPrimary: primary,
        colorPrimaryBg: primaryTint(primary),
        // Links (table actions included) follow the theme colour rather than antd's fixed blue.
        colorLink: primary,
        colorInfo: primary,
        // antd's 45 % and 25 % greys are below 4.5:1 on white; secondary texts and placeholders stay grey but readable.
        colorTextTertiary: tertiary,
        colorTextDescription: tertiary,
        colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
        // Danger texts (delete links, errors) on white and on the error tint.
        colorError: '#cf1322',
        // Success texts (the designer's condition branches) on white and on the success tint.
        colorSuccessText: LIGHT_SUCCESS_TEXT,
      },
      components: tableEmptyText(tertiary),
    };
  } else {
    const { fill, text, link } = accessibleDarkPrimary(seed);
    const tertiary = 'rgba(255, 255, 255, 0.62)';
    config = {
      algorithm: antTheme.darkAlgorithm,
      token: {
        colorPrimary: fill,
        colorLink: link,
        colorInfo: fill,
        colorPrimaryText: text,
        colorPrimaryTextHover: text,
        colorPrimaryTextActive: text,
        colorError: DARK_ERROR,
        colorTextTertiary: tertiary,
        colorTextDescription: tertiary,
        colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
      },
      components: {
        ...tableEmptyText(tertiary),
        Tabs: { itemSelectedColor: text, itemHoverColor: text, itemActiveColor: text },
        // A submenu holding the current page (the functional layout's folded "more") too: antd
        // colours its title with the fill, which on near-black is below 4.5:1.
        Menu: { itemSelectedColor: text, horizontalItemSelectedColor: text, subMenuItemSelectedColor: text },
        Pagination: { itemActiveColor: text, itemActiveColorHover: text },
        Tree: { nodeSelectedColor: text },
      },
    };
  }
  cache.set(key, config);
  return config;
}
