import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from '../src/store/settings';
import { contrast, darkDangerFill, themeConfig } from '../src/theme/tokens';

const AA = 4.5;

describe('theme tokens keep text at AA contrast for every theme colour', () => {
  for (const [name, seed] of Object.entries(THEME_COLORS)) {
    it(`${name} (${seed}), light`, () => {
      const t = theme.getDesignToken(themeConfig(seed, 'light'));
      // Links, the active tab and primary text on white and on the light tint; white text on primary buttons.
      expect(contrast(t.colorPrimary, '#ffffff')).toBeGreaterThanOrEqual(AA);
      expect(contrast(t.colorPrimary, t.colorPrimaryBg)).toBeGreaterThanOrEqual(AA);
      expect(t.colorLink).toBe(t.colorPrimary);
      // Kept close to the chosen colour: the hue's dominant channel stays the dominant one.
      const rgb = (c: string) => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16));
      const seedRgb = rgb(seed);
      const got = rgb(t.colorPrimary);
      expect(got.indexOf(Math.max(...got))).toBe(seedRgb.indexOf(Math.max(...seedRgb)));
    });
    it(`${name} (${seed}), dark`, () => {
      const t = theme.getDesignToken(themeConfig(seed, 'dark'));
      expect(contrast(t.colorPrimary, '#ffffff')).toBeGreaterThanOrEqual(AA);
      for (const bg of [t.colorBgContainer, t.colorBgElevated, t.colorBgLayout]) {
        expect(contrast(t.colorLink, bg)).toBeGreaterThanOrEqual(AA);
        expect(contrast(t.colorPrimaryText, bg)).toBeGreaterThanOrEqual(AA);
      }
      // The menu's selected item, a horizontal menu's and a submenu holding the current page (the
      // functional layout's "more"): antd would colour them with the fill.
      const menu = themeConfig(seed, 'dark').components?.Menu ?? {};
      for (const key of [
        'itemSelectedColor',
        'horizontalItemSelectedColor',
        'subMenuItemSelectedColor',
      ] as const) {
        const colour = menu[key];
        expect(colour, key).toBeTypeOf('string');
        expect(contrast(colour as string, t.colorBgContainer), key).toBeGreaterThanOrEqual(AA);
      }
    });
  }
});

describe('status colours read at AA', () => {
  it('light: success text on white and on the success tint', () => {
    const t = theme.getDesignToken(themeConfig(THEME_COLORS.blue, 'light'));
    expect(contrast(t.colorSuccessText, '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(contrast(t.colorSuccessText, t.colorSuccessBg)).toBeGreaterThanOrEqual(AA);
  });
  it('dark: white text on a solid danger button, the error colour on the dark backgrounds', () => {
    expect(contrast(darkDangerFill(), '#ffffff')).toBeGreaterThanOrEqual(AA);
    const t = theme.getDesignToken(themeConfig(THEME_COLORS.blue, 'dark'));
    for (const bg of [t.colorBgContainer, t.colorBgElevated])
      expect(contrast(t.colorError, bg)).toBeGreaterThanOrEqual(AA);
  });
});
