import {
  COMPANY_ROLES,
  CompaniesResponseSchema,
  GetCompaniesByIdsRequestSchema,
  GetCompanyByIdRequestSchema,
  GetCompanyByIdResponseSchema,
  ROLE,
  SearchCompanyRequestSchema,
  SearchCompanyResponseSchema,
  SelectCompanyRequestSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowRoles, sessionOf } from '../../platform/auth-guard';
import { requireCompany } from '../../platform/tenant';
import type { CompaniesService } from './service';

const tags = ['accounts'];
/** Everyone who works for companies: provider staff and the company roles (not merchants). */
const COMPANY_USERS = [ROLE.ADMIN, ROLE.CUSTOMER_CARE, ...COMPANY_ROLES];

/**
 * `/api/v1/accounts/...` company calls (SPEC §7 accounts service; ADR 005 lists each with its roles).
 */
export function companiesRoutes(service: CompaniesService): FastifyPluginAsyncZod {
  return async (app) => {
    /** The company lookup of SPEC §7: body {companyId} → name and vat (plus address and contacts). */
    app.post(
      '/getCompanyById',
      {
        schema: { tags, body: GetCompanyByIdRequestSchema, response: { 200: GetCompanyByIdResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request, { companyId: request.body.companyId });
        return { success: true as const, ...(await service.getCompany(companyId)) };
      },
    );

    /** Chooses the company the session acts for (/company-select, /all-companies). */
    app.post(
      '/selectCompany',
      {
        schema: { tags, body: SelectCompanyRequestSchema, response: { 200: GetCompanyByIdResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request, { companyId: request.body.companyId });
        return { success: true as const, ...(await service.getCompany(companyId)) };
      },
    );

    /** /all-companies: provider staff search every company by name, VAT or id. */
    app.post(
      '/searchCompany',
      {
        schema: { tags, body: SearchCompanyRequestSchema, response: { 200: SearchCompanyResponseSchema } },
        preHandler: allowRoles(ROLE.ADMIN, ROLE.CUSTOMER_CARE),
      },
      async (request) => service.findCompanies(request.body),
    );

    /** Summaries of several companies; company roles may only name their own. */
    app.post(
      '/getCompaniesByIds',
      {
        schema: { tags, body: GetCompaniesByIdsRequestSchema, response: { 200: CompaniesResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const session = await sessionOf(request);
        return {
          success: true as const,
          companies: await service.listCompaniesFor(session, request.body.companyIds),
        };
      },
    );

    /** /company-select: the companies the user is related to. */
    app.get(
      '/relatedCompanies',
      {
        schema: { tags, response: { 200: CompaniesResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const session = await sessionOf(request);
        return { success: true as const, companies: await service.listCompanies(session.relatedCompanyIds) };
      },
    );
  };
}
