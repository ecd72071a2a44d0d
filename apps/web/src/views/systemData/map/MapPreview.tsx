import { useMemo } from 'react';
import { Chart } from '../../../components/chart';
import type { MapRegions } from './api';

/** A map's regions drawn plain, each named when pointed at: what an upload or a map looks like. */
export function MapPreview({
  map,
  label,
  height = 360,
}: {
  map: MapRegions;
  label: string;
  height?: number;
}) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}' },
      series: [
        {
          type: 'map',
          map: map.name,
          roam: true,
          emphasis: { label: { show: true } },
          data: map.regions.map((r) => ({ name: r.name })),
        },
      ],
    }),
    [map],
  );
  return <Chart option={option} label={label} height={height} replace data-testid="map-preview" />;
}
