import {
  API,
  commonEnumsSchema,
  confDictSchema,
  configItemSchema,
  distSchema,
  envelope,
} from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk } from '../../core/envelope';
import type { SignedInRoutes } from '../../core/scope';
import { sendStored } from '../../core/stored-answer';
import { cachedStartup, dictVersion, localised, type StartupKind } from './startup-service';

const LOADS: { url: string; kind: StartupKind; data: z.ZodType; summary: string }[] = [
  {
    url: API.enums,
    kind: 'enums',
    data: commonEnumsSchema,
    summary: 'Common enums as key/value pairs, by enum name',
  },
  {
    url: API.confDist,
    kind: 'conf',
    data: z.array(confDictSchema),
    summary: 'The dictionaries loaded at start-up, item names in the caller’s language, trees as trees',
  },
  { url: API.sysDist, kind: 'sysDist', data: z.array(distSchema), summary: 'System dictionaries' },
  { url: API.baseDist, kind: 'baseDist', data: z.array(distSchema), summary: 'Base (business) dictionaries' },
  { url: API.sysConfig, kind: 'sysConfig', data: z.array(configItemSchema), summary: 'System config items' },
  { url: API.baseConfig, kind: 'baseConfig', data: z.array(configItemSchema), summary: 'Base config items' },
];

/**
 * The client's start-up loads (docs/rules.md#start-up). Each answer is built once per tenant,
 * kind, language and dictionary version (migration 0017) and sent as stored JSON text; its ETag
 * names the same, so a client revalidating gets 304 until a dictionary, config or enum changes.
 */
export const startupRoutes: SignedInRoutes = async (app) => {
  const { db, cache } = app.deps;
  for (const load of LOADS) {
    app.get(
      load.url,
      {
        // A stored answer carries its own compressed forms (sendStored).
        compress: false,
        schema: {
          tags: ['common'],
          summary: `${load.summary} (ETag; 304 while unchanged)`,
          response: { 200: envelope(load.data), 304: z.null().describe('Not modified') },
        },
      },
      async (request, reply) => {
        const { auth } = request;
        // Config answers also follow the tenant's config version (settings saved on the config page).
        const dict = await dictVersion(db, auth.tenantId);
        const isConfig = load.kind === 'sysConfig' || load.kind === 'baseConfig';
        const version = isConfig ? `${dict}.${auth.configVersion}` : dict;
        const lang = localised(load.kind) ? request.locale : '-';
        const etag = `W/"${auth.tenantId}.${version}.${load.kind}.${lang}"`;
        reply
          .header('etag', etag)
          .header('cache-control', 'private, no-cache')
          .header('vary', 'Accept-Language, Accept-Encoding');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
        const answer = await cachedStartup(
          cache,
          db,
          auth.tenantId,
          version,
          load.kind,
          request.locale,
          (data) => envelopeOk(data),
        );
        return sendStored(request, reply, answer);
      },
    );
  }
};
