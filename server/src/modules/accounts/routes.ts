import {
  AgentsResponseSchema,
  CardPrintingResponseSchema,
  CompanyUserResponseSchema,
  ContractsResponseSchema,
  CoreCategoriesResponseSchema,
  CreateBenefitsRuleRequestSchema,
  CreateDeliveryPointRequestSchema,
  CreateSpendRuleRequestSchema,
  DeleteSpendRuleRequestSchema,
  DeliveryPointByIdRequestSchema,
  DeliveryPointResponseSchema,
  DeliveryPointsResponseSchema,
  MarkNotificationsReadRequestSchema,
  NotificationsResponseSchema,
  ReadNotificationsResponseSchema,
  RegisterProfileRequestSchema,
  SearchDeliveryPointsRequestSchema,
  SpendRuleResponseSchema,
  SpendRulesResponseSchema,
  TrzContractResponseSchema,
  UpdateCardPrintingRequestSchema,
  UpdateManagerRequestSchema,
  UpdateTrzContractRequestSchema,
  UserByTokenResponseSchema,
  UserListResponseSchema,
  ROLE_IDS,
} from '@tessera/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allowRoles, COMPANY_USERS, ORDERING, sessionOf } from '../../platform/auth-guard';
import { requestLocale } from '../../platform/http';
import { requireCompany } from '../../platform/tenant';
import type { IdentityService } from '../identity/service';
import type { AccountActor, AccountsService } from './service';

const tags = ['accounts'];
const Success = z.object({ success: z.literal(true) });
const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
});

async function actor(request: FastifyRequest): Promise<AccountActor> {
  const scope = await requireCompany(request);
  return {
    userId: scope.session.userId,
    roleId: scope.session.roleId,
    companyId: scope.companyId,
    relatedCompanyIds: scope.session.relatedCompanyIds,
    requestId: String(request.id),
  };
}

/**
 * `/api/v1/accounts/...` company set-up calls (SPEC §7): delivery points, card printing, spend
 * rules, contracts, people and notifications. Reads are open to every company role and provider
 * staff; writes to the order manager and provider staff (audited). Every company-scoped route
 * resolves the company first (403 for a foreign one).
 */
export function accountsRoutes(service: AccountsService, identity: IdentityService): FastifyPluginAsyncZod {
  return async (app) => {
    // ------------------------------------------------------------ the signed-in user
    app.get(
      '/retrieveUserByToken',
      {
        schema: { tags, response: { 200: UserByTokenResponseSchema } },
        preHandler: allowRoles(...ROLE_IDS),
      },
      async (request) => {
        const session = await sessionOf(request);
        const user = await identity.getUser(session.userId);
        return {
          success: true as const,
          userId: user.userId,
          userRoleId: user.userRoleId,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          phone: user.phone,
          jobTitle: user.jobTitle,
          preferredLanguage: user.preferredLanguage,
          relatedCompanies: user.relatedCompanies,
        };
      },
    );

    // ------------------------------------------------------------ delivery points
    app.get(
      '/getCompanyDeliveryPoints',
      {
        schema: { tags, querystring: PageQuery, response: { 200: DeliveryPointsResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return service.findDeliveryPoints(companyId, { query: '', ...request.query });
      },
    );

    app.post(
      '/searchDeliveryPoints',
      {
        schema: {
          tags,
          body: SearchDeliveryPointsRequestSchema,
          response: { 200: DeliveryPointsResponseSchema },
        },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return service.findDeliveryPoints(companyId, request.body);
      },
    );

    app.post(
      '/retrieveDeliveryPointById',
      {
        schema: {
          tags,
          body: DeliveryPointByIdRequestSchema,
          response: { 200: DeliveryPointResponseSchema },
        },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return {
          success: true as const,
          deliveryPoint: await service.getDeliveryPoint(companyId, request.body.deliveryPointId),
        };
      },
    );

    app.post(
      '/createDeliveryPoint',
      {
        schema: {
          tags,
          body: CreateDeliveryPointRequestSchema,
          response: { 200: DeliveryPointResponseSchema },
        },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => ({
        success: true as const,
        deliveryPoint: await service.createDeliveryPoint(request.body, await actor(request)),
      }),
    );

    app.post(
      '/addDeliveryPoint',
      {
        schema: {
          tags,
          body: CreateDeliveryPointRequestSchema,
          response: { 200: DeliveryPointResponseSchema },
        },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => ({
        success: true as const,
        ...(await service.addDeliveryPoint(request.body, await actor(request))),
      }),
    );

    // ------------------------------------------------------------ card printing
    app.get(
      '/retrieveCardPrinting',
      {
        schema: { tags, response: { 200: CardPrintingResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, cardPrinting: await service.getCardPrinting(companyId) };
      },
    );

    app.post(
      '/updateCardPrinting',
      {
        schema: {
          tags,
          body: UpdateCardPrintingRequestSchema,
          response: { 200: CardPrintingResponseSchema },
        },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => ({
        success: true as const,
        cardPrinting: await service.updateCardPrinting(request.body, await actor(request)),
      }),
    );

    // ------------------------------------------------------------ spend rules
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
        rule: await service.createSpendRule(request.body, await actor(request)),
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
        rule: await service.createBenefitsRule(request.body, await actor(request), requestLocale(request)),
      }),
    );

    app.post(
      '/deleteSpendRule',
      {
        schema: { tags, body: DeleteSpendRuleRequestSchema, response: { 200: Success } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => {
        await service.deleteSpendRule(request.body.ruleId, await actor(request));
        return { success: true as const };
      },
    );

    // ------------------------------------------------------------ contracts
    app.get(
      '/contracts',
      {
        schema: { tags, response: { 200: ContractsResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, contracts: await service.contracts(companyId) };
      },
    );

    app.get(
      '/retrieveTrzContract',
      {
        schema: { tags, response: { 200: TrzContractResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, trzContract: await service.trzContract(companyId) };
      },
    );

    app.post(
      '/updateTrzContract',
      {
        schema: { tags, body: UpdateTrzContractRequestSchema, response: { 200: TrzContractResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => ({
        success: true as const,
        trzContract: await service.updateTrzContract(request.body, await actor(request)),
      }),
    );

    // ------------------------------------------------------------ people
    app.get(
      '/userList',
      {
        schema: { tags, response: { 200: UserListResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, users: await service.userList(companyId) };
      },
    );

    app.get(
      '/retrieveAgents',
      {
        schema: { tags, response: { 200: AgentsResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, agents: await service.agents(companyId) };
      },
    );

    app.post(
      '/updateManager',
      {
        schema: { tags, body: UpdateManagerRequestSchema, response: { 200: CompanyUserResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => ({
        success: true as const,
        user: await service.updateManager(request.body, await actor(request)),
      }),
    );

    app.post(
      '/registerProfile',
      {
        schema: { tags, body: RegisterProfileRequestSchema, response: { 200: CompanyUserResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => ({
        success: true as const,
        user: await service.registerProfile(request.body, await actor(request)),
      }),
    );

    // ------------------------------------------------------------ notifications
    app.get(
      '/retrieveNotifications',
      {
        schema: { tags, response: { 200: NotificationsResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const scope = await requireCompany(request);
        return {
          success: true as const,
          notifications: await service.serviceNotifications(
            scope.companyId,
            scope.session.userId,
            requestLocale(request),
          ),
        };
      },
    );

    /** Generic notifications: the ids this user has read, on whichever browser. */
    app.get(
      '/notifications/read',
      {
        schema: { tags, response: { 200: ReadNotificationsResponseSchema } },
        preHandler: allowRoles(...ROLE_IDS),
      },
      async (request) => {
        const session = await sessionOf(request);
        return { success: true as const, readIds: await service.readNotificationIds(session.userId) };
      },
    );

    app.post(
      '/notifications/mark-read',
      {
        schema: { tags, body: MarkNotificationsReadRequestSchema, response: { 200: Success } },
        preHandler: allowRoles(...ROLE_IDS),
      },
      async (request) => {
        const session = await sessionOf(request);
        await service.markNotificationsRead(session.userId, request.body.ids);
        return { success: true as const };
      },
    );
  };
}
