import {
  envelope,
  loginConfigSchema,
  SYS_CONFIG_GROUPS,
  SysConfigApi,
  SysConfigPerm,
  type SysConfigValues,
  sysConfigGroupSchemas,
  sysConfigValuesSchema,
} from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePerm } from '../../core/access';
import { envelopeOk } from '../../core/envelope';
import { t } from '../../core/i18n';
import type { SignedInRoutes } from '../../core/scope';
import { contextOf } from '../../core/service-context';
import { loginConfig, readSysConfig, saveSysConfigGroup } from './sys-config-service';

const tags = ['system config'];

/** The sign-in page's texts: public. */
export const sysConfigPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, settings } = app.deps;

  app.get(
    SysConfigApi.loginConfig,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        security: [],
        summary: 'What the sign-in page shows: product name, logo and texts (public)',
        response: { 200: envelope(loginConfigSchema) },
      },
    },
    async () => envelopeOk(await loginConfig(db, settings)),
  );
};

/** The settings screen (signed in). */
export const sysConfigRoutes: SignedInRoutes = async (app) => {
  app.get(
    SysConfigApi.config,
    {
      preValidation: requirePerm(SysConfigPerm.sysConfig),
      schema: {
        tags,
        summary: `Every group of the system configuration (permission ${SysConfigPerm.sysConfig})`,
        response: { 200: envelope(sysConfigValuesSchema) },
      },
    },
    async (request) => envelopeOk(await readSysConfig(contextOf(request))),
  );

  for (const group of SYS_CONFIG_GROUPS) {
    app.put(
      `${SysConfigApi.config}/${group}`,
      {
        preValidation: requirePerm(SysConfigPerm.sysConfigEdit),
        schema: {
          tags,
          summary: `Saves the ${group} group; applied at once in every server process (button ${SysConfigPerm.sysConfigEdit})`,
          body: sysConfigGroupSchemas[group],
          response: { 200: envelope(sysConfigValuesSchema) },
        },
      },
      async (request) => {
        const values = await saveSysConfigGroup(
          contextOf(request),
          group,
          request.body as SysConfigValues[typeof group],
        );
        return envelopeOk(values, t(request.locale, 'sysConfig.saved'));
      },
    );
  }
};
