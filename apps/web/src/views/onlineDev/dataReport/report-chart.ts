import type { ReportChart, ReportChartData } from '@srm/contracts/core';
import type { ChartOption } from '../../../components/chart';

export interface ChartTexts {
  /** A column's heading (the table's, else the dataset's name of it). */
  fieldTitle: (field: string) => string;
  /** What an empty category or series key reads as. */
  blank: string;
  /** A map chart's regions, registered with ECharts under `name` (views/systemData/map/api.ts). */
  map?: { name: string; regions: { name: string; code: string }[] };
}

/** A category or series key as shown: its text, or the word for none. */
const shown = (key: string, blank: string) => (key === '' ? blank : key);

/**
 * The ECharts option of a report chart, from what report-shape's `reportChartData` made of the
 * rows: categories along x with one series per y field (or per series value) for bar and line,
 * slices for a pie, points for a scatter. The title is the card's heading, not the canvas's.
 */
export function chartOption(chart: ReportChart, data: ReportChartData, texts: ChartTexts): ChartOption {
  const { fieldTitle, blank } = texts;
  if (chart.type === 'map') {
    // A category is a region's code or its name; the map knows its regions by name.
    const byCode = new Map(texts.map?.regions.map((r) => [r.code, r.name]));
    const values = (data.series[0]?.data ?? []) as (number | null)[];
    const points = data.categories.map((c, i) => ({ name: byCode.get(c) ?? c, value: values[i] ?? 0 }));
    return {
      tooltip: { trigger: 'item' },
      visualMap: {
        min: 0,
        max: Math.max(1, ...points.map((p) => p.value)),
        left: 8,
        bottom: 8,
        calculable: true,
        itemHeight: 100,
      },
      series: [
        {
          name: fieldTitle(chart.y[0] ?? ''),
          type: 'map',
          map: texts.map?.name ?? '',
          roam: true,
          data: points,
          emphasis: { label: { show: true } },
        },
      ],
    };
  }
  if (chart.type === 'scatter') {
    const y = chart.y[0] ?? '';
    return {
      grid: { left: 12, right: 24, top: 32, bottom: 12, containLabel: true },
      tooltip: { trigger: 'item' },
      xAxis: { type: 'value', name: fieldTitle(chart.x), nameLocation: 'middle', nameGap: 28, scale: true },
      yAxis: { type: 'value', name: fieldTitle(y), scale: true },
      series: data.series.map((s) => ({ name: fieldTitle(y), type: 'scatter', symbolSize: 8, data: s.data })),
    };
  }
  if (chart.type === 'pie') {
    const values = (data.series[0]?.data ?? []) as (number | null)[];
    return {
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          name: fieldTitle(chart.y[0] ?? ''),
          type: 'pie',
          radius: ['0%', '62%'],
          center: ['50%', '45%'],
          // The legend names the slices; the label is the share, short enough for a phone.
          label: { formatter: '{d}%' },
          data: data.categories.map((c, i) => ({ name: shown(c, blank), value: values[i] ?? 0 })),
        },
      ],
    };
  }
  // A series is named by its y field, or by its value of the series field (with the y field when
  // there are several: report-shape writes `value · field`).
  const seriesName = (name: string) => {
    if (!chart.series) return fieldTitle(name);
    const dot = name.lastIndexOf(' · ');
    if (chart.y.length > 1 && dot >= 0)
      return `${shown(name.slice(0, dot), blank)} · ${fieldTitle(name.slice(dot + 3))}`;
    return shown(name, blank);
  };
  return {
    grid: { left: 12, right: 24, top: 36, bottom: 12, containLabel: true },
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    xAxis: {
      type: 'category',
      data: data.categories.map((c) => shown(c, blank)),
      axisLabel: { hideOverlap: true },
    },
    yAxis: { type: 'value' },
    series: data.series.map((s) => ({
      name: seriesName(s.name),
      type: chart.type,
      data: s.data,
      ...(chart.type === 'line' ? { connectNulls: true } : {}),
    })),
  };
}
