import {
  DICT_IMPORT_MAX_ITEMS,
  DictApi,
  DictPerm,
  dictCategoryBodySchema,
  dictCategorySchema,
  dictExportSchema,
  dictImportResultSchema,
  dictImportSchema,
  dictItemBodySchema,
  dictItemQuerySchema,
  dictItemSchema,
  dictItemSortSchema,
  dictStateSchema,
  dictTypeBodySchema,
  dictTypeQuerySchema,
  dictTypeSchema,
  envelope,
  idParamSchema,
} from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../../core/access';
import { envelopeOk } from '../../core/envelope';
import { t } from '../../core/i18n';
import type { SignedInRequest, SignedInRoutes } from '../../core/scope';
import { contextOf } from '../../core/service-context';
import * as dict from './dictionary-service';
import { writeThenPush } from './push';
import { exportType, importType } from './transfer-service';

const tags = ['dictionary'];
const ok = envelope(z.null());

export const dictionaryRoutes: SignedInRoutes = async (app) => {
  const saved = (request: SignedInRequest) => t(request.locale, 'common.saved');

  // ---- categories
  app.get(
    DictApi.category,
    {
      preValidation: requirePerm(DictPerm.dictionary),
      schema: {
        tags,
        summary: 'Dictionary categories',
        response: { 200: envelope(z.array(dictCategorySchema)) },
      },
    },
    async (request) => envelopeOk(await dict.listCategories(contextOf(request))),
  );
  app.post(
    DictApi.category,
    {
      preValidation: requirePerm(DictPerm.dictionaryAdd),
      schema: {
        tags,
        summary: 'Creates a category',
        body: dictCategoryBodySchema,
        response: { 200: envelope(dictCategorySchema) },
      },
    },
    async (request) =>
      envelopeOk(await writeThenPush(request, (c) => dict.saveCategory(c, request.body)), saved(request)),
  );
  app.put(
    `${DictApi.category}/:id`,
    {
      preValidation: requirePerm(DictPerm.dictionaryEdit),
      schema: {
        tags,
        summary: 'Edits a category',
        params: idParamSchema,
        body: dictCategoryBodySchema,
        response: { 200: envelope(dictCategorySchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await writeThenPush(request, (c) => dict.saveCategory(c, request.body, request.params.id)),
        saved(request),
      ),
  );
  app.delete(
    `${DictApi.category}/:id`,
    {
      preValidation: requirePerm(DictPerm.dictionaryDelete),
      schema: {
        tags,
        summary: 'Deletes an empty category (409 while it holds types)',
        params: idParamSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await writeThenPush(request, (c) => dict.deleteCategory(c, request.params.id));
      return envelopeOk(null);
    },
  );

  // ---- types
  app.get(
    DictApi.type,
    {
      preValidation: requirePerm(DictPerm.dictionary),
      schema: {
        tags,
        summary: 'Dictionary types of a category (keyword on name and code)',
        querystring: dictTypeQuerySchema,
        response: { 200: envelope(z.array(dictTypeSchema)) },
      },
    },
    async (request) => envelopeOk(await dict.listTypes(contextOf(request), request.query)),
  );
  app.get(
    `${DictApi.type}/:id`,
    {
      preValidation: requirePerm(DictPerm.dictionary),
      schema: {
        tags,
        summary: 'One dictionary type',
        params: idParamSchema,
        response: { 200: envelope(dictTypeSchema) },
      },
    },
    async (request) => envelopeOk(await dict.mustType(contextOf(request), request.params.id)),
  );
  app.post(
    DictApi.type,
    {
      preValidation: requirePerm(DictPerm.dictionaryAdd),
      schema: {
        tags,
        summary: 'Creates a dictionary type',
        body: dictTypeBodySchema,
        response: { 200: envelope(dictTypeSchema) },
      },
    },
    async (request) =>
      envelopeOk(await writeThenPush(request, (c) => dict.saveType(c, request.body)), saved(request)),
  );
  app.put(
    `${DictApi.type}/:id`,
    {
      preValidation: requirePerm(DictPerm.dictionaryEdit),
      schema: {
        tags,
        summary:
          'Edits a dictionary type (its code is fixed while records use it; a tree with children cannot become flat)',
        params: idParamSchema,
        body: dictTypeBodySchema,
        response: { 200: envelope(dictTypeSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await writeThenPush(request, (c) => dict.saveType(c, request.body, request.params.id)),
        saved(request),
      ),
  );
  app.put(
    `${DictApi.type}/:id/Actions/State`,
    {
      preValidation: requirePerm(DictPerm.dictionaryEdit),
      schema: {
        tags,
        summary: 'Enables or disables a type',
        params: idParamSchema,
        body: dictStateSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await writeThenPush(request, (c) => dict.setTypeState(c, request.params.id, request.body.enabled));
      return envelopeOk(null, saved(request));
    },
  );
  app.delete(
    `${DictApi.type}/:id`,
    {
      preValidation: requirePerm(DictPerm.dictionaryDelete),
      schema: {
        tags,
        summary: 'Deletes a type without items (409 otherwise)',
        params: idParamSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await writeThenPush(request, (c) => dict.deleteType(c, request.params.id));
      return envelopeOk(null);
    },
  );
  app.get(
    `${DictApi.type}/:id/Actions/Export`,
    {
      preValidation: requirePerm(DictPerm.dictionaryExport),
      schema: {
        tags,
        summary: 'A type with its items (parents by code), the document import takes back',
        params: idParamSchema,
        response: { 200: envelope(dictExportSchema) },
      },
    },
    async (request) => envelopeOk(await exportType(contextOf(request), request.params.id)),
  );
  app.post(
    DictApi.typeImport,
    {
      preValidation: requirePerm(DictPerm.dictionaryImport),
      // A type of DICT_IMPORT_MAX_ITEMS items with long names and remarks.
      bodyLimit: DICT_IMPORT_MAX_ITEMS * 1024,
      schema: {
        tags,
        summary:
          'Imports a type with its items in one transaction; row errors come as data.fields (items.N.field) and change nothing',
        body: dictImportSchema,
        response: { 200: envelope(dictImportResultSchema) },
      },
    },
    async (request) =>
      envelopeOk(await writeThenPush(request, (c) => importType(c, request.body)), saved(request)),
  );

  // ---- items
  app.get(
    DictApi.item,
    {
      preValidation: requirePerm(DictPerm.dictionary),
      schema: {
        tags,
        summary: 'Items of a type, flat with parentId, in order',
        querystring: dictItemQuerySchema,
        response: { 200: envelope(z.array(dictItemSchema)) },
      },
    },
    async (request) => {
      const c = contextOf(request);
      const type = await dict.mustType(c, request.query.typeId);
      return envelopeOk(await dict.listItems(c, type.id));
    },
  );
  app.post(
    DictApi.item,
    {
      preValidation: requirePerm(DictPerm.dictionaryAdd),
      schema: {
        tags,
        summary: 'Creates an item',
        body: dictItemBodySchema,
        response: { 200: envelope(dictItemSchema) },
      },
    },
    async (request) =>
      envelopeOk(await writeThenPush(request, (c) => dict.saveItem(c, request.body)), saved(request)),
  );
  app.put(
    `${DictApi.item}/:id`,
    {
      preValidation: requirePerm(DictPerm.dictionaryEdit),
      schema: {
        tags,
        summary: 'Edits an item (its code is fixed while records use it)',
        params: idParamSchema,
        body: dictItemBodySchema,
        response: { 200: envelope(dictItemSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await writeThenPush(request, (c) => dict.saveItem(c, request.body, request.params.id)),
        saved(request),
      ),
  );
  app.put(
    `${DictApi.item}/:id/Actions/State`,
    {
      preValidation: requirePerm(DictPerm.dictionaryEdit),
      schema: {
        tags,
        summary: 'Enables or disables an item',
        params: idParamSchema,
        body: dictStateSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await writeThenPush(request, (c) => dict.setItemState(c, request.params.id, request.body.enabled));
      return envelopeOk(null, saved(request));
    },
  );
  app.put(
    DictApi.itemSort,
    {
      preValidation: requirePerm(DictPerm.dictionaryEdit),
      schema: {
        tags,
        summary: "The new order of one parent's children (409 unless ids are exactly those children)",
        body: dictItemSortSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await writeThenPush(request, (c) => dict.sortItems(c, request.body));
      return envelopeOk(null, saved(request));
    },
  );
  app.delete(
    `${DictApi.item}/:id`,
    {
      preValidation: requirePerm(DictPerm.dictionaryDelete),
      schema: {
        tags,
        summary: 'Deletes an item (409 while it has children or a record uses its code)',
        params: idParamSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await writeThenPush(request, (c) => dict.deleteItem(c, request.params.id));
      return envelopeOk(null);
    },
  );
};
