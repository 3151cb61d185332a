import {
  DateOnlySchema,
  DeleteRecurringRuleCardsRequestSchema,
  RecurringPreviewResponseSchema,
  RecurringRuleCardsRequestSchema,
  RecurringRuleIdSchema,
  RecurringRuleInputSchema,
  RecurringRuleResponseSchema,
  RecurringRulesResponseSchema,
  RecurringRunsQuerySchema,
  RecurringRunsResponseSchema,
  RecurringSettingsResponseSchema,
  RecurringSettingsSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/policy';
import type { RecurringService } from './service';
import type { RunHooks } from './run-rule';

const tags = ['orders'];
const Success = z.object({ success: z.literal(true) });

/**
 * `/api/v1/orders/...` recurring rule calls (SPEC §7 orders service: recurring rule save, retrieve,
 * update, delete and card operations; issue 19; ADR 028). Every company role and provider staff
 * read; the order manager and provider staff (with an acting reason) change. A rule of another
 * company is 404.
 */
export function recurringRoutes(service: RecurringService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/retrieveRecurringRules',
      { schema: { tags, response: { 200: RecurringRulesResponseSchema } } },
      async (request) => {
        const { companyId } = await requireActor(request, 'recurring.read');
        return { success: true as const, ...(await service.listRules(companyId)) };
      },
    );

    app.get(
      '/retrieveRecurringRule',
      {
        schema: { tags, querystring: RecurringRuleIdSchema, response: { 200: RecurringRuleResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'recurring.read');
        return { success: true as const, rule: await service.getRule(companyId, request.query.ruleId) };
      },
    );

    app.post(
      '/saveRecurringRule',
      { schema: { tags, body: RecurringRuleInputSchema, response: { 200: RecurringRuleResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'recurring.manage');
        return { success: true as const, rule: await service.saveRule(request.body, actor) };
      },
    );

    app.post(
      '/updateRecurringRule',
      {
        schema: {
          tags,
          body: z.object({ ruleId: z.uuid(), rule: RecurringRuleInputSchema }),
          response: { 200: RecurringRuleResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'recurring.manage');
        return {
          success: true as const,
          rule: await service.updateRule(request.body.ruleId, request.body.rule, actor),
        };
      },
    );

    app.post(
      '/deleteRecurringRule',
      { schema: { tags, body: RecurringRuleIdSchema, response: { 200: Success } } },
      async (request) => {
        const actor = await requireActor(request, 'recurring.manage');
        await service.deleteRule(request.body.ruleId, actor);
        return { success: true as const };
      },
    );

    app.post(
      '/addRecurringRuleCards',
      {
        schema: {
          tags,
          body: RecurringRuleCardsRequestSchema,
          response: { 200: RecurringRuleResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'recurring.manage');
        return {
          success: true as const,
          rule: await service.addCards(request.body.ruleId, request.body.lines, actor),
        };
      },
    );

    app.post(
      '/updateRecurringRuleCards',
      {
        schema: {
          tags,
          body: RecurringRuleCardsRequestSchema,
          response: { 200: RecurringRuleResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'recurring.manage');
        return {
          success: true as const,
          rule: await service.updateCards(request.body.ruleId, request.body.lines, actor),
        };
      },
    );

    app.post(
      '/deleteRecurringRuleCards',
      {
        schema: {
          tags,
          body: DeleteRecurringRuleCardsRequestSchema,
          response: { 200: RecurringRuleResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'recurring.manage');
        return {
          success: true as const,
          rule: await service.deleteCards(request.body.ruleId, request.body.cardIds, actor),
        };
      },
    );

    app.post(
      '/pauseRecurringRule',
      { schema: { tags, body: RecurringRuleIdSchema, response: { 200: RecurringRuleResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'recurring.manage');
        return { success: true as const, rule: await service.pause(request.body.ruleId, actor) };
      },
    );

    app.post(
      '/resumeRecurringRule',
      { schema: { tags, body: RecurringRuleIdSchema, response: { 200: RecurringRuleResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'recurring.manage');
        return { success: true as const, rule: await service.resume(request.body.ruleId, actor) };
      },
    );

    app.get(
      '/previewRecurringRule',
      {
        schema: {
          tags,
          querystring: RecurringRuleIdSchema,
          response: { 200: RecurringPreviewResponseSchema },
        },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'recurring.read');
        return { success: true as const, runs: await service.previewRule(companyId, request.query.ruleId) };
      },
    );

    app.post(
      '/previewRecurringRuleDraft',
      { schema: { tags, body: RecurringRuleInputSchema, response: { 200: RecurringPreviewResponseSchema } } },
      async (request) => {
        const { companyId } = await requireActor(request, 'recurring.manage');
        return { success: true as const, runs: await service.previewInput(companyId, request.body) };
      },
    );

    app.get(
      '/retrieveRecurringRuns',
      {
        schema: {
          tags,
          querystring: RecurringRunsQuerySchema,
          response: { 200: RecurringRunsResponseSchema },
        },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'recurring.read');
        return { success: true as const, ...(await service.runs(companyId, request.query)) };
      },
    );

    app.get(
      '/recurringSettings',
      { schema: { tags, response: { 200: RecurringSettingsResponseSchema } } },
      async (request) => {
        const { companyId } = await requireActor(request, 'recurring.read');
        return { success: true as const, settings: await service.settings(companyId) };
      },
    );

    app.post(
      '/recurringSettings',
      { schema: { tags, body: RecurringSettingsSchema, response: { 200: RecurringSettingsResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'recurring.manage');
        return { success: true as const, settings: await service.saveSettings(request.body, actor) };
      },
    );
  };
}

/**
 * `POST /api/test/recurring/tick` (only with `TEST_HOOKS`, never in production): runs the
 * scheduler's pass for a given Athens day, as the hourly job would on that day. The end-to-end
 * journeys and the two-process test use it instead of waiting for the clock. It needs no session
 * (only the CSRF token every change carries): it is never registered in production.
 */
export function recurringTestRoutes(service: RecurringService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/recurring/tick',
      {
        schema: {
          tags: ['test'],
          body: z.object({
            today: DateOnlySchema,
            /** Holds each run's transaction open this long once its period is claimed (the crash test). */
            holdMs: z.number().int().min(0).max(60_000).default(0),
            /** Only this rule (a journey on a shared server leaves the demo's rules alone). */
            ruleId: z.uuid().optional(),
          }),
          response: {
            200: z.object({
              success: z.literal(true),
              created: z.number().int(),
              failed: z.number().int(),
              reminders: z.number().int(),
            }),
          },
        },
      },
      async (request) => {
        const { today, holdMs, ruleId } = request.body;
        const hooks: RunHooks = {
          ...(holdMs > 0 ? { onClaimed: () => new Promise<void>((done) => setTimeout(done, holdMs)) } : {}),
          ...(ruleId === undefined ? {} : { onlyRuleId: ruleId }),
        };
        return { success: true as const, ...(await service.tick(today, undefined, hooks)) };
      },
    );
  };
}
