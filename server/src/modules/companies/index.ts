/**
 * Customer companies: the module's public face. Other modules reach it through these only; its
 * table is gathered for Drizzle by `db/schema.ts` (and schema files name it for their foreign keys).
 */
export { companiesRoutes } from './routes';
export { companySearchText, createCompaniesService, type CompaniesService, type NewCompany } from './service';
