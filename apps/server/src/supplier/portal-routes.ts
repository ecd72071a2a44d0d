import {
  envelope,
  idParamSchema,
  pageOf,
  pageQuerySchema,
  SupplierApi,
  supplierDetailSchema,
  supplierProfileBodySchema,
  vendorSubUserBodySchema,
  vendorSubUserPasswordSchema,
  vendorSubUserStateSchema,
  vendorUserSchema,
} from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { passwordRuleCheck } from '../system/sys-config/password-policy';
import { requireSupplierUser } from './access';
import {
  createSubUser,
  myUsers,
  resetSubUserPassword,
  setSubUserEnabled,
  updateMyProfile,
} from './portal-service';

const tags = ['supplier portal'];
const U = SupplierApi.mineUsers;

/** The supplier's own side: its profile and users (its users only; the writes its administrator only). */
export const portalRoutes: SignedInRoutes = async (app) => {
  app.put(
    SupplierApi.mine,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary:
          'The supplier’s administrator edits its profile (area, address, business scope, contacts); legal and bank data are not editable here',
        body: supplierProfileBodySchema,
        response: { 200: envelope(supplierDetailSchema) },
      },
    },
    async (request) =>
      envelopeOk(await updateMyProfile(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.get(
    U,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'The users of the caller’s supplier, its administrator first',
        querystring: pageQuerySchema,
        response: { 200: envelope(pageOf(vendorUserSchema)) },
      },
    },
    async (request) => envelopeOk(await myUsers(contextOf(request), request.query)),
  );

  app.post(
    U,
    {
      preValidation: [requireSupplierUser, passwordRuleCheck(app.deps.settings)],
      // The account is mobile@account: a taken one is the mobile's message.
      config: { unique: { sys_user_account: { field: 'mobile', key: 'vendor.subAccountTaken' } } },
      schema: {
        tags,
        summary: 'The administrator adds a sub-account; it signs in as mobile@account',
        body: vendorSubUserBodySchema,
        response: { 200: envelope(vendorUserSchema) },
      },
    },
    async (request) =>
      envelopeOk(await createSubUser(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${U}/:id/Actions/State`,
    {
      preValidation: requireSupplierUser,
      schema: {
        tags,
        summary: 'The administrator enables or disables a sub-account (disabling ends its sessions)',
        params: idParamSchema,
        body: vendorSubUserStateSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await setSubUserEnabled(contextOf(request), request.params.id, request.body.enabled);
      return envelopeOk(null, t(request.locale, 'common.saved'));
    },
  );

  app.put(
    `${U}/:id/Actions/ResetPassword`,
    {
      preValidation: [requireSupplierUser, passwordRuleCheck(app.deps.settings)],
      schema: {
        tags,
        summary: 'The administrator sets a sub-account’s new password (its sessions end)',
        params: idParamSchema,
        body: vendorSubUserPasswordSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await resetSubUserPassword(contextOf(request), request.params.id, request.body.password);
      return envelopeOk(null, t(request.locale, 'common.saved'));
    },
  );
};
