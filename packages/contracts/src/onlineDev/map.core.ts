// The zod-free part of maps (系统数据 › 数据地图, issue 39 §5): named regions as GeoJSON that
// report charts (and data screens) colour by a dataset's values — a choropleth. A tenant uploads
// its own; the product ships the provinces of China, coded as the areas data is (110000 北京…).
// What is kept of an upload is checked here, on both sides: a FeatureCollection of polygons with a
// name (and optionally a code) per feature, within the limits below (docs/maps.md). The schemas
// are in map.ts.
import type { DataModelNames } from './data-model.core';

export const MapPerm = {
  map: 'systemData.map',
  mapAdd: 'systemData.map.add',
  mapEdit: 'systemData.map.edit',
  mapDelete: 'systemData.map.delete',
} as const;
export type MapPermCode = (typeof MapPerm)[keyof typeof MapPerm];

export const MapApi = {
  /**
   * GET list (the product's maps and the tenant's); POST create; GET/PUT/DELETE `${map}/{id}`;
   * GET `${map}/{id}/GeoJson` (the regions, for drawing: what a chart over the map reads, so any
   * signed-in staff user of the tenant may); POST `${map}/Actions/Check` (a GeoJSON text checked,
   * not kept: its features and properties); GET `${map}/Choices` (what a report designer picks
   * from: every map's id and names).
   */
  map: '/api/systemData/Map',
} as const;

/** The id of the map the product ships (not a row: the same for every tenant, never edited). */
export const MAP_CHINA_PROVINCES = 'china_provinces';
export const MAPS_PER_TENANT = 100;
/** The GeoJSON text of an upload at most. */
export const MAP_BYTES_MAX = 5 * 1024 * 1024;
export const MAP_FEATURES_MAX = 5_000;
/** Points of one map at most, all rings together (what a browser draws smoothly). */
export const MAP_POINTS_MAX = 1_000_000;

export interface MapSummary {
  id: string;
  code: string;
  names: DataModelNames;
  /** The product's map: listed and drawn, not edited or deleted. */
  builtIn: boolean;
  features: number;
  updatedAt: number | null;
  updatedByName: string;
}

export interface MapChoice {
  id: string;
  code: string;
  names: DataModelNames;
}

export interface MapDetail extends MapSummary {
  nameProperty: string;
  codeProperty: string;
  /** Each region's name and code, in the file's order. */
  regions: { name: string; code: string }[];
}

/** A polygon's rings: [longitude, latitude] points. */
type Ring = [number, number][];
export interface MapFeature {
  type: 'Feature';
  properties: { name: string; code: string };
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
}

/** The regions as kept and drawn: only each feature's geometry, name and code. */
export interface MapGeoJson {
  type: 'FeatureCollection';
  features: MapFeature[];
}

/** What a check finds in a GeoJSON text: the properties its features have, and how many. */
export interface MapCheck {
  features: number;
  /** Properties of the features with text or number values, most common first. */
  properties: string[];
  /** The first regions' values of each property (what the screen shows to choose by). */
  samples: Record<string, string[]>;
}

/** A refusal: a message key of `map.*` and its values. */
export interface MapProblem {
  key:
    | 'map.notJson'
    | 'map.notCollection'
    | 'map.noFeatures'
    | 'map.tooManyFeatures'
    | 'map.tooManyPoints'
    | 'map.badGeometry'
    | 'map.noProperty'
    | 'map.blankName'
    | 'map.duplicateName';
  params?: Record<string, string>;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A ring of at least 4 points within longitude and latitude, or null. */
function ringOf(value: unknown): Ring | null {
  if (!Array.isArray(value) || value.length < 4) return null;
  for (const point of value) {
    if (!Array.isArray(point) || point.length < 2) return null;
    const [x, y] = point as unknown[];
    if (!isNumber(x) || !isNumber(y) || Math.abs(x) > 180 || Math.abs(y) > 90) return null;
  }
  return (value as unknown[][]).map((p) => [p[0] as number, p[1] as number]);
}

function polygonOf(value: unknown): Ring[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const rings: Ring[] = [];
  for (const r of value) {
    const ring = ringOf(r);
    if (!ring) return null;
    rings.push(ring);
  }
  return rings;
}

const propertyText = (v: unknown) => (typeof v === 'string' ? v.trim() : isNumber(v) ? String(v) : null);

interface Parsed {
  features: { geometry: MapFeature['geometry']; properties: Record<string, unknown> }[];
  points: number;
}

/** The text as a FeatureCollection of polygons, or the first problem. */
function parse(text: string): Parsed | MapProblem {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { key: 'map.notJson' };
  }
  const root = json as { type?: unknown; features?: unknown } | null;
  if (root?.type !== 'FeatureCollection' || !Array.isArray(root.features))
    return { key: 'map.notCollection' };
  if (root.features.length === 0) return { key: 'map.noFeatures' };
  if (root.features.length > MAP_FEATURES_MAX)
    return { key: 'map.tooManyFeatures', params: { max: String(MAP_FEATURES_MAX) } };
  const features: Parsed['features'] = [];
  let points = 0;
  for (const [i, raw] of root.features.entries()) {
    const f = raw as { geometry?: { type?: unknown; coordinates?: unknown }; properties?: unknown } | null;
    const g = f?.geometry;
    let geometry: MapFeature['geometry'] | null = null;
    if (g?.type === 'Polygon') {
      const rings = polygonOf(g.coordinates);
      if (rings) geometry = { type: 'Polygon', coordinates: rings };
    } else if (g?.type === 'MultiPolygon' && Array.isArray(g.coordinates) && g.coordinates.length) {
      const polygons = g.coordinates.map(polygonOf);
      if (polygons.every((p) => p)) geometry = { type: 'MultiPolygon', coordinates: polygons as Ring[][] };
    }
    if (!geometry) return { key: 'map.badGeometry', params: { index: String(i + 1) } };
    const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
    points += rings.reduce((n, r) => n + r.length, 0);
    if (points > MAP_POINTS_MAX) return { key: 'map.tooManyPoints', params: { max: String(MAP_POINTS_MAX) } };
    const properties =
      f?.properties && typeof f.properties === 'object' ? (f.properties as Record<string, unknown>) : {};
    features.push({ geometry, properties });
  }
  return { features, points };
}

/** Checks a GeoJSON text: what it holds to choose its name and code by, or the problem. */
export function checkMapText(text: string): MapCheck | MapProblem {
  const parsed = parse(text);
  if ('key' in parsed) return parsed;
  const counts = new Map<string, number>();
  const samples: Record<string, string[]> = {};
  for (const f of parsed.features)
    for (const [key, value] of Object.entries(f.properties)) {
      const shown = propertyText(value);
      if (shown === null || key.length > 64) continue;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      const list = samples[key] ?? [];
      samples[key] = list;
      if (list.length < 5) list.push(shown.slice(0, 60));
    }
  const properties = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([k]) => k);
  return {
    features: parsed.features.length,
    properties,
    samples: Object.fromEntries(properties.map((p) => [p, samples[p] ?? []])),
  };
}

/**
 * The regions as kept: each feature's geometry with its name from `nameProperty` and its code
 * from `codeProperty` (the name when none), or the problem (a blank or repeated name: a chart
 * colours a region by its name, so each must have one of its own).
 */
export function mapRegions(
  text: string,
  nameProperty: string,
  codeProperty: string,
): MapGeoJson | MapProblem {
  const parsed = parse(text);
  if ('key' in parsed) return parsed;
  if (!parsed.features.some((f) => propertyText(f.properties[nameProperty]) !== null))
    return { key: 'map.noProperty', params: { property: nameProperty } };
  const seen = new Set<string>();
  const features: MapFeature[] = [];
  for (const [i, f] of parsed.features.entries()) {
    const name = propertyText(f.properties[nameProperty]) ?? '';
    if (!name) return { key: 'map.blankName', params: { index: String(i + 1), property: nameProperty } };
    if (seen.has(name)) return { key: 'map.duplicateName', params: { name } };
    seen.add(name);
    const code = (codeProperty ? propertyText(f.properties[codeProperty]) : null) ?? name;
    features.push({ type: 'Feature', properties: { name, code }, geometry: f.geometry });
  }
  return { type: 'FeatureCollection', features };
}
