import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, createContext, useContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../store/settings';

/**
 * The product's one chart component: Apache ECharts through its modular entry (`echarts/core` and
 * only the chart types and components registered here), so a page that draws no chart never loads
 * it — this module is imported by chart pages only, which are chunks of their own. A new chart
 * type is one more `use([...])` entry here.
 */
use([
  LineChart,
  BarChart,
  PieChart,
  ScatterChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  CanvasRenderer,
]);

export type ChartOption = EChartsCoreOption;

/**
 * A theme the charts below take instead of the app's (a data screen has its own, whatever the
 * app's dark mode): null follows the app.
 */
export const ChartTheme = createContext<'dark' | 'light' | null>(null);

export interface ChartProps {
  option: ChartOption;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  height?: number;
  /**
   * Each new option replaces the chart's whole option instead of being merged into it: for a chart
   * whose series come and go (a report being designed), where a merge would keep the old ones.
   */
  replace?: boolean;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * Draws `option` and follows the app: dark mode (ECharts' dark theme, on the page's own
 * background) and the language (ECharts' built-in texts in Chinese or English); it resizes with its
 * container and is disposed with the component.
 */
export function Chart({
  option,
  label,
  height = 180,
  replace = false,
  style,
  'data-testid': testId,
}: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const appDark = useSettingsStore((s) => s.themeClass) === 'dark';
  const forced = useContext(ChartTheme);
  const dark = forced ? forced === 'dark' : appDark;
  const { i18n } = useTranslation();
  const locale = i18n.language.startsWith('zh') ? 'ZH' : 'EN';
  const latest = useRef(option);
  latest.current = option;

  // A new chart for a new theme or language: ECharts takes both only at init.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = init(el, dark ? 'dark' : undefined, { renderer: 'canvas', locale });
    chart.current = instance;
    instance.setOption({ backgroundColor: 'transparent', ...latest.current });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [dark, locale]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: replace });
  }, [option, replace]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ width: '100%', height, ...style }}
    />
  );
}
