import {
  applicationAccessSchema,
  applicationStatusSchema,
  challengeSchema,
  envelope,
  invitationPrefillSchema,
  registerBodySchema,
  registerOptionsSchema,
  registerResultSchema,
  registerUploadSchema,
  resubmitBodySchema,
  VendorRegisterApi,
} from '@srm/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import { receiveUpload, uploadRoutes } from '../core/multipart';
import { newChallenge } from '../core/proof-of-work';
import {
  applicationStatus,
  invitationPrefill,
  type PublicContext,
  registerOptions,
  resubmitRegistration,
  submitRegistration,
} from './register-service';
import { registerUploadRoom, saveRegisterFile } from './register-upload';

const tags = ['supplier registration'];
const TEN_MINUTES = 600_000;
const tenantQuery = z.object({
  tenant: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,50}$/)
    .optional(),
});

const publicContext = (request: FastifyRequest): PublicContext => ({
  deps: request.server.deps,
  locale: request.locale,
  ip: request.ip,
  log: request.log,
});

/**
 * The public self-registration (no session): every call is rate-limited per client address —
 * submissions hardest (`register.rateLimit` per 10 minutes), the rest at six times that — and the
 * submit also needs a solved proof of work or a live invitation.
 */
export const registerPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const submits = app.deps.config.register?.rateLimit ?? 10;
  const limit = (max: number) => ({ auth: 'none' as const, rateLimit: { max, timeWindow: TEN_MINUTES } });

  app.get(
    VendorRegisterApi.challenge,
    {
      config: limit(submits * 6),
      schema: {
        tags,
        summary: 'A proof-of-work challenge (ALTCHA) for the registration form',
        security: [],
        response: { 200: envelope(challengeSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return envelopeOk(await newChallenge(app.deps.config));
    },
  );

  app.get(
    VendorRegisterApi.options,
    {
      config: limit(submits * 6),
      schema: {
        tags,
        summary:
          "The form's choices (supply categories, qualification and company types) and the password rule",
        security: [],
        querystring: tenantQuery,
        response: { 200: envelope(registerOptionsSchema) },
      },
    },
    async (request) => envelopeOk(await registerOptions(publicContext(request), request.query.tenant)),
  );

  app.get(
    `${VendorRegisterApi.invitation}/:token`,
    {
      config: limit(submits * 6),
      schema: {
        tags,
        summary: 'What an invitation prefills (404 when used, expired or unknown)',
        security: [],
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) }),
        response: { 200: envelope(invitationPrefillSchema) },
      },
    },
    async (request) => envelopeOk(await invitationPrefill(publicContext(request), request.params.token)),
  );

  await uploadRoutes(app, (uploads) =>
    uploads.post(
      VendorRegisterApi.upload,
      {
        config: limit(submits * 6),
        schema: {
          tags,
          summary: 'A qualification file (multipart field `file`; PDF or image by content, at most 10 MB)',
          security: [],
          consumes: ['multipart/form-data'],
          querystring: tenantQuery,
          response: { 200: envelope(registerUploadSchema) },
        },
      },
      async (request) => {
        const ctx = publicContext(request);
        // The quota and the cap first: a refused upload is not read at all.
        const room = await registerUploadRoom(ctx, request.query.tenant);
        return envelopeOk(
          await receiveUpload(request, room.maxBytes, room.errors, (file) =>
            saveRegisterFile(ctx, room.tenantId, file),
          ),
        );
      },
    ),
  );

  app.post(
    VendorRegisterApi.submit,
    {
      config: limit(submits),
      schema: {
        tags,
        summary: 'Submits an application: it goes through the released supplier admission flow',
        security: [],
        body: registerBodySchema,
        response: { 200: envelope(registerResultSchema) },
      },
    },
    async (request) => envelopeOk(await submitRegistration(publicContext(request), request.body)),
  );

  app.post(
    VendorRegisterApi.status,
    {
      config: limit(submits * 6),
      schema: {
        tags,
        summary: "An application's status, by its number with the link's token or the contact's mobile",
        security: [],
        body: applicationAccessSchema,
        response: { 200: envelope(applicationStatusSchema) },
      },
    },
    async (request) => envelopeOk(await applicationStatus(publicContext(request), request.body)),
  );

  app.post(
    VendorRegisterApi.resubmit,
    {
      config: limit(submits),
      schema: {
        tags,
        summary: 'A rejected application, corrected, through its admission flow again',
        security: [],
        body: resubmitBodySchema,
        response: { 200: envelope(registerResultSchema) },
      },
    },
    async (request) => envelopeOk(await resubmitRegistration(publicContext(request), request.body)),
  );
};
