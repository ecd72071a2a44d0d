import {
  MapApi,
  type MapCheck,
  type MapChoice,
  type MapDetail,
  type MapGeoJson,
  type MapSummary,
} from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { http } from '../../../api/request';

const M = MapApi.map;

export const mapKeys = {
  all: ['maps'] as const,
  list: (keyword: string) => [...mapKeys.all, 'list', keyword] as const,
  one: (id: string) => [...mapKeys.all, 'one', id] as const,
  choices: () => [...mapKeys.all, 'choices'] as const,
  regions: (id: string) => [...mapKeys.all, 'regions', id] as const,
};

export interface MapSaveBody {
  code: string;
  names: MapDetail['names'];
  geoJson?: string;
  nameProperty: string;
  codeProperty: string;
}

// Writes and checks are silent: the editor shows a refusal at its field.
export const mapApi = {
  list: (keyword: string) => http.get<{ list: MapSummary[] }>(M, { keyword: keyword || undefined }),
  get: (id: string) => http.get<MapDetail>(`${M}/${id}`),
  choices: () => http.get<{ list: MapChoice[] }>(`${M}/Choices`),
  geoJson: (id: string) => http.get<MapGeoJson>(`${M}/${id}/GeoJson`),
  check: (geoJson: string) => http.post<MapCheck>(`${M}/Actions/Check`, { geoJson }, { silent: true }),
  create: (body: MapSaveBody) => http.post<MapDetail>(M, body, { silent: true }),
  update: (id: string, body: MapSaveBody) => http.put<MapDetail>(`${M}/${id}`, body, { silent: true }),
  remove: (id: string) => http.delete(`${M}/${id}`, undefined, { silent: true }),
};

/** The ECharts name a map's regions are registered under. */
export const mapChartName = (id: string) => `srm-map-${id}`;

/**
 * Where a map's regions are read: with the session by default; a data screen's viewer, which has
 * no session, reads them with its viewer token (views/onlineDev/dataScreen/DataScreenViewer.tsx).
 */
export const MapSource = createContext<(id: string) => Promise<MapGeoJson>>(mapApi.geoJson);

/**
 * Map `id`'s regions, fetched once and registered with ECharts (with the map series itself, loaded
 * here on first use): what a chart over the map waits for.
 */
export function useMapRegions(id: string | undefined) {
  const load = useContext(MapSource);
  return useQuery({
    queryKey: mapKeys.regions(id ?? ''),
    enabled: !!id,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const [geo, chart] = await Promise.all([load(id ?? ''), import('../../../components/chart/mapChart')]);
      chart.registerRegions(mapChartName(id ?? ''), geo);
      return { name: mapChartName(id ?? ''), regions: geo.features.map((f) => f.properties) };
    },
  });
}

/** A map prepared for drawing: its ECharts name and each region's name and code. */
export type MapRegions = NonNullable<ReturnType<typeof useMapRegions>['data']>;
