import {
  applicationQuerySchema,
  applicationSchema,
  categoryApplyBodySchema,
  changeBodySchema,
  changeSchema,
  envelope,
  invitationBodySchema,
  invitationCreatedSchema,
  invitationQuerySchema,
  invitationSchema,
  pageOf,
  VENDOR_ADMISSION_CODES,
  VendorAdmissionApi,
  VendorRequestApi,
} from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { requireStaffPerm } from './access';
import {
  applyCategories,
  createInvitation,
  listApplications,
  listInvitations,
  myCategoryApplications,
  myChanges,
  requestChange,
} from './admission-service';

const tags = ['supplier admission'];
const P = VENDOR_ADMISSION_CODES;

/**
 * Staff: invitations and admission applications; suppliers: change requests and further categories
 * (the service takes the supplier from the caller's enterprise: 403 for anyone who is not a
 * supplier's user, after the input is checked).
 */
export const admissionRoutes: SignedInRoutes = async (app) => {
  app.get(
    VendorAdmissionApi.invitation,
    {
      preValidation: requireStaffPerm(P.page),
      schema: {
        tags,
        summary: 'Invitations, newest first, each invited / registered / admitted / rejected / expired',
        querystring: invitationQuerySchema,
        response: { 200: envelope(pageOf(invitationSchema)) },
      },
    },
    async (request) => envelopeOk(await listInvitations(contextOf(request), request.query)),
  );

  app.post(
    VendorAdmissionApi.invitation,
    {
      preValidation: requireStaffPerm(P.invite),
      schema: {
        tags,
        summary: 'Invites a supplier: a one-time registration link valid for `days` (shown once)',
        body: invitationBodySchema,
        response: { 200: envelope(invitationCreatedSchema) },
      },
    },
    async (request) => envelopeOk(await createInvitation(contextOf(request), request.body)),
  );

  app.get(
    VendorAdmissionApi.application,
    {
      preValidation: requireStaffPerm(P.page),
      schema: {
        tags,
        summary: "Admission applications, newest first, with the caller's open to-do on each",
        querystring: applicationQuerySchema,
        response: { 200: envelope(pageOf(applicationSchema)) },
      },
    },
    async (request) => envelopeOk(await listApplications(contextOf(request), request.query)),
  );

  app.get(
    VendorRequestApi.change,
    {
      schema: {
        tags,
        summary: "The caller's supplier's change requests",
        response: { 200: envelope(z.array(changeSchema)) },
      },
    },
    async (request) => envelopeOk(await myChanges(contextOf(request))),
  );

  app.post(
    VendorRequestApi.change,
    {
      schema: {
        tags,
        summary: 'Asks to change the bank accounts or legal data: applied once the change flow approves it',
        body: changeBodySchema,
        response: { 200: envelope(changeSchema) },
      },
    },
    async (request) => envelopeOk(await requestChange(contextOf(request), request.body)),
  );

  app.get(
    VendorRequestApi.category,
    {
      schema: {
        tags,
        summary: "The caller's supplier's category applications",
        response: { 200: envelope(z.array(applicationSchema)) },
      },
    },
    async (request) => envelopeOk(await myCategoryApplications(contextOf(request))),
  );

  app.post(
    VendorRequestApi.category,
    {
      schema: {
        tags,
        summary: 'Applies for further supply categories: admission for those categories only',
        body: categoryApplyBodySchema,
        response: { 200: envelope(applicationSchema) },
      },
    },
    async (request) => envelopeOk(await applyCategories(contextOf(request), request.body)),
  );
};
