import {
  envelope,
  exportQuerySchema,
  idParamSchema,
  idsBodySchema,
  noticeIdQuerySchema,
  pageOf,
  VENDOR_CODES,
  VENDOR_FILE_MAX_BYTES,
  VendorNoticeApi,
  vendorFileSchema,
  vendorInboxItemSchema,
  vendorInboxQuerySchema,
  vendorNoticeBodySchema,
  vendorNoticeItemQuerySchema,
  vendorNoticeItemSchema,
  vendorNoticeMsgSchema,
  vendorNoticeQuerySchema,
  vendorNoticeSchema,
  vendorNoticeUpdateSchema,
  vendorReplyBodySchema,
} from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import { AppError } from '../core/errors';
import { t } from '../core/i18n';
import { receiveUpload, uploadRoutes } from '../core/multipart';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { sendExport } from '../file/index';
import {
  isSupplierUser,
  requireStaffPerm,
  requireSupplierUser,
  requireSupplierUserOrAnyPerm,
  requireSupplierUserOrPerm,
} from './access';
import { saveVendorFile } from './file-service';
import {
  acknowledgeVendorNotice,
  checkVendorNotice,
  deleteNoticeItem,
  deleteVendorNotices,
  exportNoticeProgress,
  listVendorNotices,
  markVendorNoticeRead,
  noticeItemList,
  noticeMessages,
  remindVendorNotice,
  replyVendorNotice,
  reverseVendorNotice,
  saveVendorNotice,
  staffNoticeInfo,
  updateVendorNotice,
  vendorInbox,
  vendorNoticeInfo,
} from './notice-service';
import { XLSX_TYPE } from './supplier-routes';

const tags = ['vendor notices'];
const C = VENDOR_CODES;
const A = VendorNoticeApi;
const one = { params: idParamSchema, response: { 200: envelope(vendorNoticeSchema) } };

export const vendorNoticeRoutes: SignedInRoutes = async (app) => {
  app.get(
    A.list,
    {
      preValidation: requireStaffPerm(C.notice),
      schema: {
        tags,
        summary: 'The tenant’s vendor notices, newest first (staff)',
        querystring: vendorNoticeQuerySchema,
        response: { 200: envelope(pageOf(vendorNoticeSchema)) },
      },
    },
    async (request) => envelopeOk(await listVendorNotices(contextOf(request), request.query)),
  );

  app.get(
    A.listByVendor,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'The caller’s supplier’s inbox: published notices delivered to it, unread first',
        querystring: vendorInboxQuerySchema,
        response: { 200: envelope(pageOf(vendorInboxItemSchema)) },
      },
    },
    async (request) => envelopeOk(await vendorInbox(contextOf(request), request.query)),
  );

  app.get(
    A.itemList,
    {
      preValidation: requireStaffPerm(C.notice),
      schema: {
        tags,
        summary: 'Per-supplier progress of a notice: read / acknowledged / replied / overdue',
        querystring: vendorNoticeItemQuerySchema,
        response: { 200: envelope(pageOf(vendorNoticeItemSchema)) },
      },
    },
    async (request) => envelopeOk(await noticeItemList(contextOf(request), request.query)),
  );

  app.get(
    A.queryMsgByNotice,
    {
      preValidation: requireStaffPerm(C.notice),
      schema: {
        tags,
        summary: 'The replies and acknowledgements of a notice, with its progress counts',
        querystring: noticeIdQuerySchema,
        response: { 200: envelope(vendorNoticeMsgSchema) },
      },
    },
    async (request) => envelopeOk(await noticeMessages(contextOf(request), request.query.noticeId)),
  );

  app.post(
    A.save,
    {
      preValidation: requireStaffPerm(C.noticeAdd),
      schema: {
        tags,
        summary: 'A new draft (state 0) with attachments and its target suppliers; the body is sanitised',
        body: vendorNoticeBodySchema,
        response: { 200: envelope(vendorNoticeSchema) },
      },
    },
    async (request) =>
      envelopeOk(await saveVendorNotice(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.post(
    A.update,
    {
      preValidation: requireStaffPerm(C.noticeEdit),
      schema: {
        tags,
        summary: 'Edits a draft (a published notice must be reversed first: 409)',
        body: vendorNoticeUpdateSchema,
        response: { 200: envelope(vendorNoticeSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateVendorNotice(contextOf(request), request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.post(
    A.delete,
    {
      preValidation: requireStaffPerm(C.noticeDelete),
      schema: {
        tags,
        summary: 'Deletes drafts (409 if one is published; nothing deleted then)',
        body: idsBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteVendorNotices(contextOf(request), request.body);
      return envelopeOk(null);
    },
  );

  app.get(
    `${A.info}/:id`,
    {
      preValidation: requireSupplierUserOrPerm(C.notice),
      schema: {
        tags,
        summary:
          'A notice: staff see its item lines; a supplier’s user its own line (404 unless delivered to it)',
        ...one,
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      return envelopeOk(
        isSupplierUser(request.auth)
          ? await vendorNoticeInfo(ctx, request.params.id)
          : await staffNoticeInfo(ctx, request.params.id),
      );
    },
  );

  app.get(
    `${A.deleteInfoById}/:id`,
    {
      preValidation: requireStaffPerm(C.noticeEdit),
      schema: { tags, summary: 'Removes one target supplier (item line, by its id) from a draft', ...one },
    },
    async (request) => envelopeOk(await deleteNoticeItem(contextOf(request), request.params.id)),
  );

  app.get(
    `${A.check}/:id`,
    {
      preValidation: requireStaffPerm(C.noticeCheck),
      schema: {
        tags,
        summary:
          'Publishes a draft (state 1): delivered to its potential and qualified suppliers, whose users get an internal message and a badge',
        ...one,
      },
    },
    async (request) => envelopeOk(await checkVendorNotice(contextOf(request), request.params.id)),
  );

  app.get(
    `${A.reverse}/:id`,
    {
      preValidation: requireStaffPerm(C.noticeCheck),
      schema: { tags, summary: 'Back to draft while no supplier has replied (409 otherwise)', ...one },
    },
    async (request) => envelopeOk(await reverseVendorNotice(contextOf(request), request.params.id)),
  );

  app.get(
    `${A.updateIsRead}/:id`,
    {
      schema: {
        tags,
        summary:
          'The caller’s supplier marks a notice read (who and when kept); 404 unless delivered to the caller’s supplier',
        ...one,
      },
    },
    async (request) => envelopeOk(await markVendorNoticeRead(contextOf(request), request.params.id)),
  );

  app.get(
    `${A.acknowledge}/:id`,
    {
      schema: {
        tags,
        summary: 'The caller’s supplier acknowledges a notice; 404 unless delivered to the caller’s supplier',
        ...one,
      },
    },
    async (request) => envelopeOk(await acknowledgeVendorNotice(contextOf(request), request.params.id)),
  );

  app.post(
    `${A.reply}/:id`,
    {
      schema: {
        tags,
        summary:
          'The caller’s supplier’s reply: kept as a draft until sent; sent once, before the deadline; 404 unless delivered to the caller’s supplier',
        params: idParamSchema,
        body: vendorReplyBodySchema,
        response: { 200: envelope(vendorNoticeSchema) },
      },
    },
    async (request) =>
      envelopeOk(await replyVendorNotice(contextOf(request), request.params.id, request.body)),
  );

  app.post(
    `${A.remind}/:id`,
    {
      preValidation: requireStaffPerm(C.noticeCheck),
      schema: {
        tags,
        summary: 'Reminds the delivered suppliers that have not replied (internal message); answers how many',
        params: idParamSchema,
        response: { 200: envelope(z.object({ reminded: z.number().int() })) },
      },
    },
    async (request) => envelopeOk(await remindVendorNotice(contextOf(request), request.params.id)),
  );

  app.get(
    `${A.exportProgress}/:id`,
    {
      preValidation: requireStaffPerm(C.noticeExport),
      schema: {
        tags,
        summary: 'The progress of a notice as .xlsx (?link=true: a one-time link)',
        params: idParamSchema,
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const { body } = await exportNoticeProgress(contextOf(request), request.params.id);
      return sendExport(
        request,
        reply,
        {
          body,
          fileName: `${t(request.locale, 'vendor.export.progressFile')}.xlsx`,
          asciiName: 'vendor-notice-progress.xlsx',
          contentType: XLSX_TYPE,
        },
        request.query.link === 'true',
      );
    },
  );

  await uploadRoutes(app, (uploads) =>
    uploads.post(
      A.upload,
      {
        preValidation: requireSupplierUserOrAnyPerm(C.noticeAdd, C.noticeEdit, C.supplierAdd),
        schema: {
          tags,
          summary: 'An attachment (multipart field `file`; PDF or image by content, at most 10 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(vendorFileSchema) },
        },
      },
      async (request) => {
        const errors = {
          noFile: () => new AppError(400, 'file.noFile'),
          tooLarge: () => new AppError(400, 'vendor.fileTooLarge'),
        };
        return envelopeOk(
          await receiveUpload(request, VENDOR_FILE_MAX_BYTES, errors, (file) =>
            saveVendorFile(contextOf(request), file),
          ),
        );
      },
    ),
  );
};
