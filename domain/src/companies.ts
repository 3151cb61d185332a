import { z } from 'zod';
import { ActingReasonSchema } from './audit';

/** Company contracts (SPEC §3 company data; §7 getCompanyById, searchCompany, getCompaniesByIds). */

export const CompanyContactSchema = z.object({
  name: z.string(),
  role: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
});
export type CompanyContact = z.infer<typeof CompanyContactSchema>;

export const CompanySummarySchema = z.object({
  companyId: z.string(),
  name: z.string(),
  vat: z.string(),
  /** Only in the provider's search: false for a deactivated company (ADR 024). */
  isActive: z.boolean().optional(),
});
export type CompanySummary = z.infer<typeof CompanySummarySchema>;

export const CompanySchema = CompanySummarySchema.extend({
  address: z.string(),
  contacts: z.array(CompanyContactSchema),
});
export type Company = z.infer<typeof CompanySchema>;

const CompanyId = z.string().trim().min(1).max(20);

/** `POST /api/v1/accounts/getCompanyById` (the company lookup of SPEC §7: reads name and vat). */
export const GetCompanyByIdRequestSchema = z.object({ companyId: CompanyId });
export type GetCompanyByIdRequest = z.infer<typeof GetCompanyByIdRequestSchema>;
export const GetCompanyByIdResponseSchema = CompanySchema.extend({ success: z.literal(true) });
export type GetCompanyByIdResponse = z.infer<typeof GetCompanyByIdResponseSchema>;

/** `POST /api/v1/accounts/searchCompany` (roles 1 and 2: name, VAT or id, paginated). */
export const SearchCompanyRequestSchema = z.object({
  query: z.string().trim().max(200).default(''),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type SearchCompanyRequest = z.infer<typeof SearchCompanyRequestSchema>;
export const SearchCompanyResponseSchema = z.object({
  success: z.literal(true),
  companies: z.array(CompanySummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SearchCompanyResponse = z.infer<typeof SearchCompanyResponseSchema>;

/** `POST /api/v1/accounts/getCompaniesByIds`. */
export const GetCompaniesByIdsRequestSchema = z.object({ companyIds: z.array(CompanyId).min(1).max(100) });
export type GetCompaniesByIdsRequest = z.infer<typeof GetCompaniesByIdsRequestSchema>;
export const CompaniesResponseSchema = z.object({
  success: z.literal(true),
  companies: z.array(CompanySummarySchema),
});
export type CompaniesResponse = z.infer<typeof CompaniesResponseSchema>;

/** `POST /api/v1/accounts/selectCompany`: the company the session acts for from now on. */
/**
 * Choosing the company to act for; provider staff give the reason they act for it (issue 18), which
 * every change they then make carries in the audit log.
 */
export const SelectCompanyRequestSchema = z.object({
  companyId: CompanyId,
  reason: ActingReasonSchema.optional(),
});
export type SelectCompanyRequest = z.infer<typeof SelectCompanyRequestSchema>;
