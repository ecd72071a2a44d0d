import {
  DesignApi,
  DesignPerm,
  designListQuerySchema,
  designSaveSchema,
  designSchema,
  designSummarySchema,
  designVersionParamSchema,
  designVersionSchema,
  envelope,
  idParamSchema,
} from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { sendExport } from '../file/temp-download';
import { designCodegen } from './codegen-service';
import {
  createDesign,
  deleteDesign,
  getDesign,
  getDesignVersion,
  listDesigns,
  listDesignVersions,
  publishDesign,
  updateDesign,
} from './design-service';

const tags = ['online designs'];
const PATCH_TYPE = 'text/x-diff; charset=utf-8';
const D = DesignApi.design;

export const designRoutes: SignedInRoutes = async (app) => {
  app.get(
    D,
    {
      preValidation: requirePerm(DesignPerm.webDesign),
      schema: {
        tags,
        summary: `The tenant's form and list designs (permission ${DesignPerm.webDesign})`,
        querystring: designListQuerySchema,
        response: { 200: envelope(z.object({ list: z.array(designSummarySchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await listDesigns(contextOf(request), request.query) }),
  );

  app.get(
    `${D}/:id`,
    {
      preValidation: requirePerm(DesignPerm.webDesign),
      schema: {
        tags,
        summary: 'A design with its draft',
        params: idParamSchema,
        response: { 200: envelope(designSchema) },
      },
    },
    async (request) => envelopeOk(await getDesign(contextOf(request), request.params.id)),
  );

  app.get(
    `${D}/:id/Versions`,
    {
      preValidation: requirePerm(DesignPerm.webDesign),
      schema: {
        tags,
        summary: 'The published versions of a design, newest first',
        params: idParamSchema,
        response: { 200: envelope(z.object({ list: z.array(designVersionSchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await listDesignVersions(contextOf(request), request.params.id) }),
  );

  app.get(
    `${D}/:id/Versions/:version`,
    {
      preValidation: requirePerm(DesignPerm.webDesign),
      schema: {
        tags,
        summary: 'One published version of a design',
        params: designVersionParamSchema,
        response: { 200: envelope(designVersionSchema) },
      },
    },
    async (request) =>
      envelopeOk(await getDesignVersion(contextOf(request), request.params.id, request.params.version)),
  );

  app.post(
    D,
    {
      preValidation: requirePerm(DesignPerm.webDesignAdd),
      schema: {
        tags,
        summary: 'Creates a design (a draft) on a data model of the tenant',
        body: designSaveSchema,
        response: { 200: envelope(designSchema) },
      },
    },
    async (request) =>
      envelopeOk(await createDesign(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${D}/:id`,
    {
      preValidation: requirePerm(DesignPerm.webDesignEdit),
      schema: {
        tags,
        summary: "Saves a design's draft; its published versions do not change",
        params: idParamSchema,
        body: designSaveSchema,
        response: { 200: envelope(designSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateDesign(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.post(
    `${D}/:id/Actions/Publish`,
    {
      preValidation: requirePerm(DesignPerm.webDesignPublish),
      schema: {
        tags,
        summary: 'Freezes the draft as the next published version, checked against the model as it is now',
        params: idParamSchema,
        response: { 200: envelope(designSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await publishDesign(contextOf(request), request.params.id),
        t(request.locale, 'design.published'),
      ),
  );

  app.get(
    `${D}/:id/Actions/CodeGen`,
    {
      preValidation: requirePerm(DesignPerm.webDesignPublish),
      schema: {
        tags,
        summary:
          'Code generation: the published design as a patch of this repository (contracts, server domain, ' +
          'migration, web page, texts, tests), for `git apply` (permission publish; 400 while unpublished)',
        params: idParamSchema,
        produces: [PATCH_TYPE],
      },
    },
    async (request, reply) => {
      const { fileName, patch } = await designCodegen(contextOf(request), request.params.id);
      return sendExport(
        request,
        reply,
        { body: Buffer.from(patch, 'utf8'), fileName, contentType: PATCH_TYPE },
        false,
      );
    },
  );

  app.delete(
    `${D}/:id`,
    {
      preValidation: requirePerm(DesignPerm.webDesignDelete),
      schema: {
        tags,
        summary: 'Deletes a design; 409 naming the menus and flows that use it',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteDesign(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'design.deleted'));
    },
  );
};
