import {
  foldForSearch,
  can,
  CARD_CATEGORIES,
  DEFAULT_COMPANY_PRICING,
  type CardCategory,
  pricingTermsOf,
  type PricingTerms,
  type Company,
  type CompanyAdmin,
  type CompanyStatusRequest,
  type CreateCompany,
  type UpdateCompany,
  type CompanyContact,
  type CompanySummary,
  type PolicyActor,
  type SearchCompanyRequest,
  type SearchCompanyResponse,
} from '@tessera/domain';
import { auditChange } from '../../platform/audit';
import type { Db, Executor } from '../../platform/db';
import { AppError, declareUniqueConflict } from '../../platform/errors';
import type { Actor } from '../../platform/policy';
import {
  approvalThresholdOf,
  findCompanyByVat,
  markClientLeadConverted,
  nextCompanyId,
  saveApprovalThreshold,
  updateCompanyRow,
  companyIdsExisting,
  deleteCompany,
  findCompaniesByIds,
  findCompanyById,
  insertCompany,
  searchCompanies,
  secondFactorRoleIdsOf,
  updateSecondFactorRoleIds,
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

const isActive = (row: CompanyRow) => row.deactivatedAt === null;

/** The one-line address other pages show (the about page, documents). */
function addressLine(address: CompanyAdmin['address']): string {
  return `${address.street} ${address.streetNumber}, ${address.postalCode} ${address.city}`.trim();
}

function toAdmin(row: CompanyRow, approvalThresholdCents: number | null): CompanyAdmin {
  return {
    companyId: row.id,
    name: row.name,
    vat: row.vat,
    address: {
      street: row.street,
      streetNumber: row.streetNumber,
      postalCode: row.postalCode,
      city: row.city,
    },
    products: row.products,
    pricing: row.pricing ?? DEFAULT_COMPANY_PRICING,
    approvalThresholdCents,
    isActive: isActive(row),
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    deactivationReason: row.deactivationReason,
    createdAt: row.createdAt.toISOString(),
  };
}

const vatTaken = () =>
  new AppError('VALIDATION', 'vat is taken', { fields: [{ field: 'vat', key: 'vatTaken' }] });
// Two new companies with one VAT number at once: the second gets what it would get a moment later.
declareUniqueConflict('companies_vat_unique', vatTaken);

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

  /** A company as the back office sees it (a deactivated one too), or NOT_FOUND. */
  async function getCompanyAdmin(companyId: string, db: Executor = deps.db): Promise<CompanyAdmin> {
    const row = await findCompanyById(db, companyId);
    if (!row) throw new AppError('NOT_FOUND', `no company ${companyId}`);
    return toAdmin(row, await approvalThresholdOf(db, companyId));
  }

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

    /**
     * The company as its invoices name it (issue 37): legal name, ΑΦΜ, address, read in `db` — the
     * transaction that issues the invoice. Undefined when there is no such company.
     */
    async invoiceParty(
      companyId: string,
      db: Executor = deps.db,
    ): Promise<
      | {
          name: string;
          vatNumber: string;
          address: string;
          street: string;
          streetNumber: string;
          postalCode: string;
          city: string;
        }
      | undefined
    > {
      const row = await findCompanyById(db, companyId);
      if (!row) return undefined;
      return {
        name: row.name,
        vatNumber: row.vat,
        address: row.address,
        street: row.street,
        streetNumber: row.streetNumber,
        postalCode: row.postalCode,
        city: row.city,
      };
    },

    /** Whether the company exists and is active (a deactivated one is unavailable: code 135). */
    async companyExists(companyId: string): Promise<boolean> {
      if ((existing.get(companyId) ?? 0) > Date.now()) return true;
      const row = await findCompanyById(deps.db, companyId);
      const found = row !== undefined && isActive(row);
      if (found) {
        if (existing.size > 10_000) existing.clear();
        existing.set(companyId, Date.now() + EXISTS_TTL_MS);
      }
      return found;
    },

    /** The company roles that must sign in with two factors at any of `companyIds` (issue 21). */
    secondFactorRolesOf(companyIds: string[]): Promise<number[]> {
      return secondFactorRoleIdsOf(deps.db, companyIds);
    },

    /** The company's roles that must use two factors (its security setting). */
    async getSecondFactorRoles(companyId: string): Promise<number[]> {
      return secondFactorRoleIdsOf(deps.db, [companyId]);
    },

    /** Sets which of the company's roles must use two factors, audited (issue 21, ADR 031). */
    async setSecondFactorRoles(companyId: string, roleIds: number[], actor: Actor): Promise<number[]> {
      const after = [...new Set(roleIds)].sort();
      return deps.db.transaction(async (tx) => {
        const before = await secondFactorRoleIdsOf(tx, [companyId]);
        await updateSecondFactorRoleIds(tx, companyId, after);
        await auditChange(
          tx,
          { userId: actor.userId, companyId, requestId: actor.requestId },
          {
            action: 'company.second_factor_roles',
            entity: 'company',
            entityId: companyId,
            before: { roleIds: before },
            after: { roleIds: after },
          },
        );
        return after;
      });
    },

    /** The ids among `ids` that name existing companies. */
    existingCompanyIds(ids: string[]): Promise<string[]> {
      return companyIdsExisting(deps.db, ids);
    },

    /** Summaries of the given companies, by name; unknown ids are left out. */
    async listCompanies(ids: string[]): Promise<CompanySummary[]> {
      return (await findCompaniesByIds(deps.db, ids)).filter(isActive).map(toSummary);
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
      return (await findCompaniesByIds(deps.db, ids)).filter(isActive).map(toSummary);
    },

    /** Companies whose name, VAT or id contains the query (accents and case ignored), paginated. */
    async findCompanies(request: SearchCompanyRequest): Promise<SearchCompanyResponse> {
      const { rows, total } = await searchCompanies(deps.db, foldForSearch(request.query), {
        offset: (request.page - 1) * request.pageSize,
        limit: request.pageSize,
      });
      return {
        success: true,
        companies: rows.map((row) =>
          isActive(row) ? toSummary(row) : { ...toSummary(row), isActive: false },
        ),
        total,
        page: request.page,
        pageSize: request.pageSize,
      };
    },

    getCompanyAdmin,

    /** The products the company may order (its settings; every product for an unknown id). */
    async orderableProducts(companyId: string): Promise<readonly CardCategory[]> {
      return (await findCompanyById(deps.db, companyId))?.products ?? CARD_CATEGORIES;
    },

    /** The company's price terms: its pricing settings over the provider's defaults (ADR 024). */
    async pricingTerms(companyId: string): Promise<PricingTerms> {
      return pricingTermsOf((await findCompanyById(deps.db, companyId))?.pricing ?? null);
    },

    /**
     * A new customer company (role 1) with the next customer number, its settings and approval
     * threshold, audited; from a lead, the lead is marked converted in the same transaction
     * (CONFLICT when it is no longer a new client lead). A VAT number already in use is a field error.
     */
    async addCompany(request: CreateCompany, actor: Actor): Promise<CompanyAdmin> {
      if (await findCompanyByVat(deps.db, request.vat)) throw vatTaken();
      return deps.db.transaction(async (tx) => {
        const companyId = await nextCompanyId(tx);
        await insertCompany(tx, {
          id: companyId,
          name: request.name,
          vat: request.vat,
          address: addressLine(request.address),
          ...request.address,
          products: request.products,
          pricing: request.pricing,
          searchText: companySearchText({ id: companyId, name: request.name, vat: request.vat }),
        });
        await saveApprovalThreshold(tx, companyId, request.approvalThresholdCents);
        const after = await getCompanyAdmin(companyId, tx);
        const who = { userId: actor.userId, companyId, requestId: actor.requestId };
        await auditChange(tx, who, {
          action: 'company.create',
          entity: 'company',
          entityId: companyId,
          before: null,
          after,
        });
        if (request.leadId) {
          if (!(await markClientLeadConverted(tx, request.leadId, companyId, actor.userId))) {
            throw new AppError('CONFLICT', `lead ${request.leadId} is not a new client lead`);
          }
          await auditChange(tx, who, {
            action: 'lead.convert',
            entity: 'lead',
            entityId: request.leadId,
            before: { status: 'new' },
            after: { status: 'converted', convertedTo: `company:${companyId}` },
          });
        }
        return after;
      });
    },

    /** Changes a company's name, address, products, pricing and approval threshold (roles 1, 2), audited. */
    async updateCompany(request: UpdateCompany, actor: Actor): Promise<CompanyAdmin> {
      return deps.db.transaction(async (tx) => {
        const before = await getCompanyAdmin(request.companyId, tx);
        await updateCompanyRow(tx, request.companyId, {
          name: request.name,
          address: addressLine(request.address),
          ...request.address,
          products: request.products,
          pricing: request.pricing,
          searchText: companySearchText({ id: request.companyId, name: request.name, vat: before.vat }),
        });
        await saveApprovalThreshold(tx, request.companyId, request.approvalThresholdCents);
        const after = await getCompanyAdmin(request.companyId, tx);
        await auditChange(
          tx,
          { userId: actor.userId, companyId: request.companyId, requestId: actor.requestId },
          { action: 'company.update', entity: 'company', entityId: request.companyId, before, after },
        );
        return after;
      });
    },

    /**
     * Deactivates (`active: false`) or reactivates a company (role 1) with a reason, audited. From the
     * next request its users meet code 135 (the "exists" memory forgets it at once here).
     */
    async setCompanyActive(
      request: CompanyStatusRequest,
      active: boolean,
      actor: Actor,
    ): Promise<CompanyAdmin> {
      const result = await deps.db.transaction(async (tx) => {
        const before = await getCompanyAdmin(request.companyId, tx);
        if (before.isActive === active) {
          throw new AppError(
            'CONFLICT',
            `company ${request.companyId} is already ${active ? 'active' : 'inactive'}`,
          );
        }
        await updateCompanyRow(tx, request.companyId, {
          deactivatedAt: active ? null : new Date(),
          deactivationReason: active ? null : request.reason,
        });
        const after = await getCompanyAdmin(request.companyId, tx);
        await auditChange(
          tx,
          { userId: actor.userId, companyId: request.companyId, requestId: actor.requestId },
          {
            action: active ? 'company.reactivate' : 'company.deactivate',
            entity: 'company',
            entityId: request.companyId,
            before: { isActive: before.isActive, deactivationReason: before.deactivationReason },
            after: { isActive: after.isActive, reason: request.reason },
          },
        );
        return after;
      });
      existing.delete(request.companyId);
      return result;
    },

    /** Removes a company (tests of code 135; users lose the relation with it). */
    async deleteCompany(companyId: string): Promise<void> {
      existing.delete(companyId);
      if (!(await deleteCompany(deps.db, companyId)))
        throw new AppError('NOT_FOUND', `no company ${companyId}`);
    },
  };
}
