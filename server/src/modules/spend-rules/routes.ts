import {
  CoreCategoriesAdminResponseSchema,
  CoreCategoryAdminSchema,
  CoreCategoryResponseSchema,
  CoreCategoriesResponseSchema,
  CreateBenefitsRuleRequestSchema,
  CreateSpendRuleRequestSchema,
  DeleteSpendRuleRequestSchema,
  SpendRuleResponseSchema,
  SpendRulesResponseSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../platform/http';
import { requireActor } from '../../platform/policy';
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
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'spend-rules.read');
        return { success: true as const, rules: await service.spendRules(companyId, 'SPENDEO') };
      },
    );

    app.get(
      '/retrieveMyBenefitsRules',
      {
        schema: { tags, response: { 200: SpendRulesResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'spend-rules.read');
        return { success: true as const, rules: await service.spendRules(companyId, 'MY_BENEFITS') };
      },
    );

    app.get(
      '/retrieveCoreCategories',
      {
        schema: { tags, response: { 200: CoreCategoriesResponseSchema } },
      },
      async (request) => {
        await requireActor(request, 'catalogue.read');
        return {
          success: true as const,
          coreCategories: await service.coreCategories(requestLocale(request)),
        };
      },
    );

    app.post(
      '/createSpendRule',
      {
        schema: { tags, body: CreateSpendRuleRequestSchema, response: { 200: SpendRuleResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'spend-rules.manage');
        return { success: true as const, rule: await service.createSpendRule(request.body, actor) };
      },
    );

    app.post(
      '/createBenefitsSpendRule',
      {
        schema: { tags, body: CreateBenefitsRuleRequestSchema, response: { 200: SpendRuleResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'spend-rules.manage');
        return {
          success: true as const,
          rule: await service.createBenefitsRule(request.body, actor, requestLocale(request)),
        };
      },
    );

    app.post(
      '/deleteSpendRule',
      {
        schema: { tags, body: DeleteSpendRuleRequestSchema, response: { 200: Success } },
      },
      async (request) => {
        const actor = await requireActor(request, 'spend-rules.manage');
        await service.deleteSpendRule(request.body.ruleId, actor);
        return { success: true as const };
      },
    );

    // Issue 18 §3 (ADR 024): role 1 maintains the core categories (names in both languages, MCC codes).
    app.get(
      '/coreCategoriesAdmin',
      {
        schema: { tags, response: { 200: CoreCategoriesAdminResponseSchema } },
      },
      async (request) => {
        await requireActor(request, 'core-categories.manage');
        return { success: true as const, coreCategories: await service.coreCategoriesAdmin() };
      },
    );

    app.post(
      '/saveCoreCategory',
      {
        schema: {
          tags,
          body: CoreCategoryAdminSchema,
          response: { 200: CoreCategoryResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'core-categories.manage');
        return { success: true as const, coreCategory: await service.saveCoreCategory(request.body, actor) };
      },
    );
  };
}
