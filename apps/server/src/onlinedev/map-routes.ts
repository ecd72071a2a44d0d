import {
  DataScreenPerm,
  envelope,
  MAP_BYTES_MAX,
  MapApi,
  MapPerm,
  mapCheckResultSchema,
  mapCheckSchema,
  mapChoiceSchema,
  mapCreateSchema,
  mapDetailSchema,
  mapIdParamSchema,
  mapListQuerySchema,
  mapSummarySchema,
  mapUpdateSchema,
  PortalPerm,
  ReportPerm,
} from '@srm/contracts';
import { z } from 'zod';
import { requireAnyPerm, requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { checkMap, createMap, deleteMap, getMap, listMaps, mapGeoJson, updateMap } from './map-service';

const tags = ['maps'];
const S = MapApi.map;
const P = MapPerm;
/** A file of MAP_BYTES_MAX as JSON text (escaped quotes and all), with the form around it. */
const UPLOAD_LIMIT = MAP_BYTES_MAX * 2 + 64 * 1024;

/** The regions as GeoJSON: polygons with each feature's name and code. */
const geoJsonSchema = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) });

export const mapRoutes: SignedInRoutes = async (app) => {
  app.get(
    S,
    {
      preValidation: requirePerm(P.map),
      schema: {
        tags,
        summary: `The product's map and the tenant's (permission ${P.map})`,
        querystring: mapListQuerySchema,
        response: { 200: envelope(z.object({ list: z.array(mapSummarySchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await listMaps(contextOf(request), request.query) }),
  );

  app.get(
    `${S}/Choices`,
    {
      // A designer of reports, portals or screens picks a chart's map; the map screen's holders see them anyway.
      preValidation: requireAnyPerm(
        P.map,
        ReportPerm.reportAdd,
        ReportPerm.reportEdit,
        PortalPerm.portalAdd,
        PortalPerm.portalEdit,
        DataScreenPerm.screenAdd,
        DataScreenPerm.screenEdit,
      ),
      schema: {
        tags,
        summary: 'The maps a chart may draw: each one’s id and names',
        response: { 200: envelope(z.object({ list: z.array(mapChoiceSchema) })) },
      },
    },
    async (request) =>
      envelopeOk({
        list: (await listMaps(contextOf(request), {})).map(({ id, code, names }) => ({ id, code, names })),
      }),
  );

  app.post(
    `${S}/Actions/Check`,
    {
      preValidation: requireAnyPerm(P.mapAdd, P.mapEdit),
      bodyLimit: UPLOAD_LIMIT,
      config: { readOnly: true },
      schema: {
        tags,
        summary: 'Checks a GeoJSON text (not kept): its features and the properties to name and code them by',
        body: mapCheckSchema,
        response: { 200: envelope(mapCheckResultSchema) },
      },
    },
    async (request) => envelopeOk(checkMap(contextOf(request), request.body.geoJson)),
  );

  app.get(
    `${S}/:id`,
    {
      preValidation: requirePerm(P.map),
      schema: {
        tags,
        summary: 'A map with its regions’ names and codes',
        params: mapIdParamSchema,
        response: { 200: envelope(mapDetailSchema) },
      },
    },
    async (request) => envelopeOk(await getMap(contextOf(request), request.params.id)),
  );

  app.get(
    `${S}/:id/GeoJson`,
    {
      // What a report's map chart draws: any signed-in user of the tenant who opens such a report.
      schema: {
        tags,
        summary: 'The regions of a map as GeoJSON (each feature’s geometry, name and code)',
        params: mapIdParamSchema,
        response: { 200: envelope(geoJsonSchema) },
      },
    },
    async (request) => envelopeOk(await mapGeoJson(contextOf(request), request.params.id)),
  );

  app.post(
    S,
    {
      preValidation: requirePerm(P.mapAdd),
      bodyLimit: UPLOAD_LIMIT,
      schema: {
        tags,
        summary: 'Uploads a map: a GeoJSON FeatureCollection of polygons, named by one of its properties',
        body: mapCreateSchema,
        response: { 200: envelope(mapDetailSchema) },
      },
    },
    async (request) =>
      envelopeOk(await createMap(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${S}/:id`,
    {
      preValidation: requirePerm(P.mapEdit),
      bodyLimit: UPLOAD_LIMIT,
      schema: {
        tags,
        summary: 'Saves a map’s names; a new file replaces its regions (the product’s map is not edited)',
        params: mapIdParamSchema,
        body: mapUpdateSchema,
        response: { 200: envelope(mapDetailSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateMap(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${S}/:id`,
    {
      preValidation: requirePerm(P.mapDelete),
      schema: {
        tags,
        summary: 'Deletes a map; refused (409) while a report draws it',
        params: mapIdParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteMap(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'common.deleted'));
    },
  );
};
