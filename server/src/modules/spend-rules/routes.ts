import {
  CoreCategoriesResponseSchema,
  CreateBenefitsRuleRequestSchema,
  CreateSpendRuleRequestSchema,
  DeleteSpendRuleRequestSchema,
  SpendRuleResponseSchema,
  SpendRulesResponseSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allowRoles, COMPANY_USERS, ORDERING } from '../../platform/auth-guard';
import { requestLocale } from '../../platform/http';
import { requireCompany, requireCompanyActor } from '../../platform/tenant';
import type { SpendRulesService } from './service';

const tags = ['accounts'];
const Success = z.object({ success: z.literal(true) });

/**
 * `/api/v1/accounts/...` spend rule calls (SPEC §7; ADR 007). Reads are open to every company role
 * and provider staff; writes to the order manager and provider staff (audited). Every
 * company-scoped route resolves the company first (403 for a foreign one).
 */
export function spendRulesRoutes(service: SpendRulesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/retrieveCompanySpendRules',
      {
        schema: { tags, response: { 200: SpendRulesResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, rules: await service.spendRules(companyId, 'SPENDEO') };
      },
    );

    app.get(
      '/retrieveMyBenefitsRules',
      {
        schema: { tags, response: { 200: SpendRulesResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, rules: await service.spendRules(companyId, 'MY_BENEFITS') };
      },
    );

    app.get(
      '/retrieveCoreCategories',
      {
        schema: { tags, response: { 200: CoreCategoriesResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => ({
        success: true as const,
        coreCategories: service.coreCategories(requestLocale(request)),
      }),
    );

    app.post(
      '/createSpendRule',
      {
        schema: { tags, body: CreateSpendRuleRequestSchema, response: { 200: SpendRuleResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => ({
        success: true as const,
        rule: await service.createSpendRule(request.body, await requireCompanyActor(request)),
      }),
    );

    app.post(
      '/createBenefitsSpendRule',
      {
        schema: { tags, body: CreateBenefitsRuleRequestSchema, response: { 200: SpendRuleResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => ({
        success: true as const,
        rule: await service.createBenefitsRule(
          request.body,
          await requireCompanyActor(request),
          requestLocale(request),
        ),
      }),
    );

    app.post(
      '/deleteSpendRule',
      {
        schema: { tags, body: DeleteSpendRuleRequestSchema, response: { 200: Success } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => {
        await service.deleteSpendRule(request.body.ruleId, await requireCompanyActor(request));
        return { success: true as const };
      },
    );
  };
}
