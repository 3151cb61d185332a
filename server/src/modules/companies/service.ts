import {
  foldForSearch,
  can,
  type Company,
  type CompanyContact,
  type CompanySummary,
  type PolicyActor,
  type SearchCompanyRequest,
  type SearchCompanyResponse,
} from '@tessera/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  companyIdsExisting,
  deleteCompany,
  findCompaniesByIds,
  findCompanyById,
  insertCompany,
  searchCompanies,
  type CompanyRow,
} from './repository';

export type CompaniesService = ReturnType<typeof createCompaniesService>;

export type NewCompany = {
  /** The provider's customer number, e.g. `C1001`. */
  companyId: string;
  name: string;
  /** Greek VAT number (ΑΦΜ), 9 digits. */
  vat: string;
  address?: string;
  contacts?: CompanyContact[];
};

/** The folded text searched by name, VAT or id, ignoring accents and case. */
export function companySearchText(company: { id: string; name: string; vat: string }): string {
  return foldForSearch(`${company.name} ${company.vat} ${company.id}`);
}

function toSummary(row: CompanyRow): CompanySummary {
  return { companyId: row.id, name: row.name, vat: row.vat };
}

function toCompany(row: CompanyRow): Company {
  return { ...toSummary(row), address: row.address, contacts: row.contacts };
}

/**
 * Customer companies (SPEC §3, §7 accounts: getCompanyById, searchCompany, getCompaniesByIds).
 * Authorisation is the caller's: routes check roles and the tenant scope before calling; which
 * companies a user may name in a list is decided here (`listCompaniesFor`).
 */
/** How long "this company exists" is trusted (every company-scoped request asks it). */
const EXISTS_TTL_MS = 5_000;

export function createCompaniesService(deps: { db: Db }) {
  /** Companies known to exist, until when; removals through this service forget them at once. */
  const existing = new Map<string, number>();
  return {
    /** Adds a company (the seed and, later, provider administration). */
    async createCompany(input: NewCompany): Promise<Company> {
      const row = await insertCompany(deps.db, {
        id: input.companyId,
        name: input.name,
        vat: input.vat,
        address: input.address ?? '',
        contacts: input.contacts ?? [],
        searchText: companySearchText({ id: input.companyId, name: input.name, vat: input.vat }),
      });
      return toCompany(row);
    },

    /** One company, or NOT_FOUND. */
    async getCompany(companyId: string): Promise<Company> {
      const row = await findCompanyById(deps.db, companyId);
      if (!row) throw new AppError('NOT_FOUND', `no company ${companyId}`);
      return toCompany(row);
    },

    async companyExists(companyId: string): Promise<boolean> {
      if ((existing.get(companyId) ?? 0) > Date.now()) return true;
      const found = (await findCompanyById(deps.db, companyId)) !== undefined;
      if (found) {
        if (existing.size > 10_000) existing.clear();
        existing.set(companyId, Date.now() + EXISTS_TTL_MS);
      }
      return found;
    },

    /** The ids among `ids` that name existing companies. */
    existingCompanyIds(ids: string[]): Promise<string[]> {
      return companyIdsExisting(deps.db, ids);
    },

    /** Summaries of the given companies, by name; unknown ids are left out. */
    async listCompanies(ids: string[]): Promise<CompanySummary[]> {
      return (await findCompaniesByIds(deps.db, ids)).map(toSummary);
    },

    /**
     * Summaries of the companies `companyIds` names (repeats once, unknown ids left out) as `viewer`
     * may see them: provider staff any company, a company role only companies it is related to
     * (FORBIDDEN, naming the others, when it asks for one it is not).
     */
    async listCompaniesFor(viewer: PolicyActor, companyIds: string[]): Promise<CompanySummary[]> {
      const ids = [...new Set(companyIds)];
      const foreign = ids.filter((companyId) => !can(viewer, 'companies.read', { companyId }));
      if (foreign.length > 0)
        throw new AppError('FORBIDDEN', `companies ${foreign.join(', ')} are not related`);
      return (await findCompaniesByIds(deps.db, ids)).map(toSummary);
    },

    /** Companies whose name, VAT or id contains the query (accents and case ignored), paginated. */
    async findCompanies(request: SearchCompanyRequest): Promise<SearchCompanyResponse> {
      const { rows, total } = await searchCompanies(deps.db, foldForSearch(request.query), {
        offset: (request.page - 1) * request.pageSize,
        limit: request.pageSize,
      });
      return {
        success: true,
        companies: rows.map(toSummary),
        total,
        page: request.page,
        pageSize: request.pageSize,
      };
    },

    /** Removes a company (tests of code 135; users lose the relation with it). */
    async deleteCompany(companyId: string): Promise<void> {
      existing.delete(companyId);
      if (!(await deleteCompany(deps.db, companyId)))
        throw new AppError('NOT_FOUND', `no company ${companyId}`);
    },
  };
}
