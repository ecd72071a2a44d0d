import type { Locale } from '@srm/contracts/core';
import type { Locale as AntdLocale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/**
 * antd's and dayjs's texts for one language. The default language's are part of the first
 * download; the other two are fetched when first used (a chunk each).
 */
const loaders: Record<Locale, () => Promise<{ antd: AntdLocale; dayjs: string }>> = {
  'zh-CN': async () => ({ antd: zhCN, dayjs: 'zh-cn' }),
  'en-US': async () => ({ antd: (await import('antd/es/locale/en_US')).default, dayjs: 'en' }),
  'zh-TW': async () => {
    const [antd] = await Promise.all([import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]);
    return { antd: antd.default, dayjs: 'zh-tw' };
  },
};

const loaded = new Map<Locale, AntdLocale>([['zh-CN', zhCN]]);

/** The antd locale of `language` once loaded (the first render waits for the initial one). */
export function antdLocale(language: Locale): AntdLocale | undefined {
  return loaded.get(language);
}

/** Loads `language`'s antd texts and switches dayjs to it; resolves to the antd locale. */
export async function loadAntdLocale(language: Locale): Promise<AntdLocale> {
  const { antd, dayjs: dayjsName } = await loaders[language]();
  loaded.set(language, antd);
  dayjs.locale(dayjsName);
  return antd;
}
