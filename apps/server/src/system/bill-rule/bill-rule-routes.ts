import {
  BillRuleApi,
  BillRulePerm,
  billRuleBodySchema,
  billRulePageQuerySchema,
  billRuleSchema,
  envelope,
  idParamSchema,
  pageOf,
} from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../../core/access';
import { envelopeOk, page } from '../../core/envelope';
import { t } from '../../core/i18n';
import type { SignedInRoutes } from '../../core/scope';
import { contextOf } from '../../core/service-context';
import {
  createBillRule,
  deleteBillRule,
  getBillRule,
  pageBillRules,
  updateBillRule,
} from './bill-rule-service';

const tags = ['bill rules'];

export const billRuleRoutes: SignedInRoutes = async (app) => {
  app.get(
    BillRuleApi.billRule,
    {
      preValidation: requirePerm(BillRulePerm.billRule),
      schema: {
        tags,
        summary: `Document-number rules, with the last number given (permission ${BillRulePerm.billRule})`,
        querystring: billRulePageQuerySchema,
        response: { 200: envelope(pageOf(billRuleSchema)) },
      },
    },
    async (request) => {
      const { currentPage, pageSize } = request.query;
      const { list, total } = await pageBillRules(contextOf(request), request.query);
      return envelopeOk(page(list, currentPage, pageSize, total));
    },
  );

  app.get(
    `${BillRuleApi.billRule}/:id`,
    {
      preValidation: requirePerm(BillRulePerm.billRule),
      schema: { tags, params: idParamSchema, response: { 200: envelope(billRuleSchema) } },
    },
    async (request) => envelopeOk(await getBillRule(contextOf(request), request.params.id)),
  );

  app.post(
    BillRuleApi.billRule,
    {
      preValidation: requirePerm(BillRulePerm.billRuleAdd),
      schema: { tags, body: billRuleBodySchema, response: { 200: envelope(billRuleSchema) } },
    },
    async (request) =>
      envelopeOk(await createBillRule(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${BillRuleApi.billRule}/:id`,
    {
      preValidation: requirePerm(BillRulePerm.billRuleEdit),
      schema: {
        tags,
        params: idParamSchema,
        body: billRuleBodySchema,
        response: { 200: envelope(billRuleSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateBillRule(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${BillRuleApi.billRule}/:id`,
    {
      preValidation: requirePerm(BillRulePerm.billRuleDelete),
      schema: { tags, params: idParamSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteBillRule(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'billRule.deleted'));
    },
  );
};
