import { MapChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';
import { registerMap, use } from 'echarts/core';

/**
 * What a map chart needs beyond Chart.tsx: ECharts' map series and its colour scale, and the
 * regions registered under a name. Loaded only by the charts that draw a map (a dynamic import),
 * so no other page carries it.
 */
use([MapChart, VisualMapComponent]);

const registered = new Map<string, object>();

/** Registers `geoJson` as the map `name` (again only when the regions changed). */
export function registerRegions(name: string, geoJson: object): void {
  if (registered.get(name) === geoJson) return;
  registerMap(name, geoJson as Parameters<typeof registerMap>[1]);
  registered.set(name, geoJson);
}
