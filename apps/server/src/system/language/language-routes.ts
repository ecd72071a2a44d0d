import {
  envelope,
  LanguageApi,
  LanguagePerm,
  languageDataSchema,
  textOverrideBodySchema,
  textResetBodySchema,
  webTextOverridesSchema,
} from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../../core/access';
import { envelopeOk } from '../../core/envelope';
import { t } from '../../core/i18n';
import type { SignedInRoutes } from '../../core/scope';
import { contextOf } from '../../core/service-context';
import { listOverrides, resetOverride, serverTexts, setOverride, tenantOverrides } from './language-service';

const tags = ['language'];

export const languageRoutes: SignedInRoutes = async (app) => {
  app.get(
    LanguageApi.language,
    {
      preValidation: requirePerm(LanguagePerm.language),
      schema: {
        tags,
        summary: "The server's messages in the three languages and every text the tenant overrides",
        response: { 200: envelope(languageDataSchema) },
      },
    },
    async (request) =>
      envelopeOk({ server: serverTexts(), overrides: await listOverrides(contextOf(request)) }),
  );

  app.put(
    LanguageApi.override,
    {
      preValidation: requirePerm(LanguagePerm.languageEdit),
      schema: {
        tags,
        summary: "Overrides one text in one language for the caller's tenant",
        body: textOverrideBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await setOverride(contextOf(request), request.body);
      return envelopeOk(null, t(request.locale, 'common.saved'));
    },
  );

  app.post(
    LanguageApi.reset,
    {
      preValidation: requirePerm(LanguagePerm.languageEdit),
      schema: {
        tags,
        summary:
          'Back to the shipped text, in one language or (without locale) in all three; data: overrides removed',
        body: textResetBodySchema,
        response: { 200: envelope(z.number().int()) },
      },
    },
    async (request) =>
      envelopeOk(await resetOverride(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.get(
    LanguageApi.webOverrides,
    {
      schema: {
        tags,
        summary: "The tenant's overrides of web texts (locale → namespace → key → text), loaded at start-up",
        response: { 200: envelope(webTextOverridesSchema) },
      },
    },
    async (request) => envelopeOk((await tenantOverrides(request.server.deps, request.auth)).web),
  );
};
