import {
  CompanyAdminResponseSchema,
  CompanyStatusRequestSchema,
  CreateCompanyRequestSchema,
  GetCompanyAdminRequestSchema,
  UpdateCompanyRequestSchema,
  CompaniesResponseSchema,
  GetCompaniesByIdsRequestSchema,
  GetCompanyByIdRequestSchema,
  GetCompanyByIdResponseSchema,
  SearchCompanyRequestSchema,
  SearchCompanyResponseSchema,
  SelectCompanyRequestSchema,
  CompanySecondFactorRolesSchema,
  CompanySecondFactorRolesResponseSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/policy';
import type { CompaniesService } from './service';

const tags = ['accounts'];

/**
 * `/api/v1/accounts/...` company calls (SPEC §7 accounts service; each names its action of the policy table).
 */
export function companiesRoutes(service: CompaniesService): FastifyPluginAsyncZod {
  return async (app) => {
    /** The company lookup of SPEC §7: body {companyId} → name and vat (plus address and contacts). */
    app.post(
      '/getCompanyById',
      {
        schema: { tags, body: GetCompanyByIdRequestSchema, response: { 200: GetCompanyByIdResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'companies.read', {
          companyId: request.body.companyId,
        });
        return { success: true as const, ...(await service.getCompany(companyId)) };
      },
    );

    /** Chooses the company the session acts for (/company-select, /all-companies). */
    app.post(
      '/selectCompany',
      {
        schema: { tags, body: SelectCompanyRequestSchema, response: { 200: GetCompanyByIdResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'companies.read', {
          companyId: request.body.companyId,
          actingReason: request.body.reason,
        });
        return { success: true as const, ...(await service.getCompany(companyId)) };
      },
    );

    /** /all-companies: provider staff search every company by name, VAT or id. */
    app.post(
      '/searchCompany',
      {
        schema: { tags, body: SearchCompanyRequestSchema, response: { 200: SearchCompanyResponseSchema } },
      },
      async (request) => {
        await requireActor(request, 'companies.search');
        return service.findCompanies(request.body);
      },
    );

    /** Summaries of several companies; company roles may only name their own. */
    app.post(
      '/getCompaniesByIds',
      {
        schema: { tags, body: GetCompaniesByIdsRequestSchema, response: { 200: CompaniesResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'companies.list');
        return {
          success: true as const,
          companies: await service.listCompaniesFor(actor, request.body.companyIds),
        };
      },
    );

    /** /company-select: the companies the user is related to. */
    app.get(
      '/relatedCompanies',
      {
        schema: { tags, response: { 200: CompaniesResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'companies.list');
        return {
          success: true as const,
          companies: await service.listCompanies([...actor.relatedCompanyIds]),
        };
      },
    );

    // ------------------------------------------------------------- issue 18 §3 (ADR 024)

    /** The back office's view of one company (roles 1 and 2; a deactivated one too). */
    app.post(
      '/getCompanyAdmin',
      {
        schema: { tags, body: GetCompanyAdminRequestSchema, response: { 200: CompanyAdminResponseSchema } },
      },
      async (request) => {
        await requireActor(request, 'companies.edit');
        return { success: true as const, company: await service.getCompanyAdmin(request.body.companyId) };
      },
    );

    /** A new company (role 1): AFM-checked VAT, address, products, pricing and approval settings. */
    app.post(
      '/createCompany',
      {
        schema: { tags, body: CreateCompanyRequestSchema, response: { 200: CompanyAdminResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'companies.create');
        return { success: true as const, company: await service.addCompany(request.body, actor) };
      },
    );

    /** The company roles that must sign in with two factors (issue 21): the company's order managers and staff. */
    app.post(
      '/getSecondFactorRoles',
      {
        schema: {
          tags,
          body: CompanySecondFactorRolesSchema.pick({ companyId: true }),
          response: { 200: CompanySecondFactorRolesResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'company-users.read', {
          companyId: request.body.companyId,
        });
        return { success: true as const, roleIds: await service.getSecondFactorRoles(actor.companyId) };
      },
    );

    /** Changes which company roles must use two factors (audited). */
    app.post(
      '/updateSecondFactorRoles',
      {
        schema: {
          tags,
          body: CompanySecondFactorRolesSchema,
          response: { 200: CompanySecondFactorRolesResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'company-users.manage', {
          companyId: request.body.companyId,
        });
        return {
          success: true as const,
          roleIds: await service.setSecondFactorRoles(actor.companyId, request.body.roleIds, actor),
        };
      },
    );

    /** Changes a company's settings (roles 1 and 2). */
    app.post(
      '/updateCompany',
      {
        schema: { tags, body: UpdateCompanyRequestSchema, response: { 200: CompanyAdminResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'companies.edit');
        return { success: true as const, company: await service.updateCompany(request.body, actor) };
      },
    );

    /** Deactivates a company (role 1, with a reason): its users then meet code 135. */
    app.post(
      '/deactivateCompany',
      {
        schema: { tags, body: CompanyStatusRequestSchema, response: { 200: CompanyAdminResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'companies.deactivate');
        return {
          success: true as const,
          company: await service.setCompanyActive(request.body, false, actor),
        };
      },
    );

    /** Reactivates a deactivated company (role 1, with a reason). */
    app.post(
      '/reactivateCompany',
      {
        schema: { tags, body: CompanyStatusRequestSchema, response: { 200: CompanyAdminResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'companies.deactivate');
        return { success: true as const, company: await service.setCompanyActive(request.body, true, actor) };
      },
    );
  };
}
