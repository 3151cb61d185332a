import {
  COMPANY_ROLES,
  ERROR_CODE,
  isProviderRole,
  ROLE,
  type CompanySummary,
  type GetCompanyByIdResponse,
  type RoleId,
} from '@tessera/domain';
import { logWarning } from './client-log';
import { request } from './request';
import type { SessionUser } from './session';
import { draftTotalOf, readStore, removeStore, writeStore, type CompanyData } from './storage';

/**
 * The company the user acts for (SPEC §3 company data, §4 selection, §7 company lookup and draft
 * count). Shared by the company pages, the all-companies page and the sign-in auto-selection.
 */

export const COMPANY_LOOKUP_PATH = '/api/v1/accounts/getCompanyById';
export const SELECT_COMPANY_PATH = '/api/v1/accounts/selectCompany';
export const DRAFT_ORDERS_PATH = '/api/v1/orders/retrieveDraftOrders';

/** SPEC §4, §9: after choosing a company the portal goes home after half a second. */
export const COMPANY_SELECT_REDIRECT_MS = 500;

const isCompanyRole = (roleId: RoleId) => (COMPANY_ROLES as readonly RoleId[]).includes(roleId);

/** Order and payment managers with more than one related company choose one (SPEC §6). */
export function canSelectCompany(user: Pick<SessionUser, 'userRoleId' | 'relatedCompanies'>): boolean {
  const isManager = user.userRoleId === ROLE.ORDER_MANAGER || user.userRoleId === ROLE.PAYMENT_MANAGER;
  return isManager && user.relatedCompanies.length > 1;
}

/**
 * The company a user acts for: the stored one when the user may act for it, else the only related
 * company of a company role (selected automatically at sign-in, SPEC §4), else none.
 */
export function effectiveCompanyId(
  user: Pick<SessionUser, 'userRoleId' | 'relatedCompanies'>,
  storedCompanyId: string | null,
): string | null {
  if (user.userRoleId === ROLE.MERCHANT) return null;
  const related = user.relatedCompanies.map((company) => company.companyId);
  if (storedCompanyId !== null && (isProviderRole(user.userRoleId) || related.includes(storedCompanyId))) {
    return storedCompanyId;
  }
  return isCompanyRole(user.userRoleId) && related.length === 1 ? (related[0] ?? null) : null;
}

/** Whether the stored company belongs to another user (a different sign-in in this browser). */
export function isStoredCompanyForeign(
  user: Pick<SessionUser, 'userRoleId' | 'relatedCompanies'>,
  storedCompanyId: string | null,
): boolean {
  if (storedCompanyId === null) return false;
  if (user.userRoleId === ROLE.MERCHANT) return true;
  if (isProviderRole(user.userRoleId)) return false;
  return !user.relatedCompanies.some((company) => company.companyId === storedCompanyId);
}

/** Forgets the company and everything counted for it. */
export function clearCompanyStores(): void {
  removeStore('companyData');
  removeStore('lastCompanyId');
  removeStore('draftTotal');
}

function toCompanyData(company: CompanySummary): CompanyData {
  return { companyId: company.companyId, name: company.name, vat: company.vat };
}

/**
 * The draft orders total of the stored company (SPEC §7: GET draft orders list; code 40 means
 * zero). Any failure counts as zero and never shows an error: the count is a hint, not a page.
 */
export async function loadDraftTotal(signal?: AbortSignal): Promise<number> {
  const result = await request<{ draftOrders?: unknown[]; total?: number }>(DRAFT_ORDERS_PATH, {
    signal,
    suppressGlobalError: true,
  });
  if (result.error) {
    const code = result.error === true ? undefined : result.error.errorCode;
    if (code !== ERROR_CODE.NO_DRAFTS && result.status >= 500)
      logWarning('there was an error loading data', DRAFT_ORDERS_PATH);
    return 0;
  }
  // The server counts every draft of the company (`total`); the list alone may be a page of it.
  if (typeof result.data.total === 'number') return result.data.total;
  return Array.isArray(result.data.draftOrders) ? result.data.draftOrders.length : 0;
}

/**
 * Chooses the company to act for (SPEC §4): stores its id and what is known of it, loads the
 * company data (the session acts for it from now on), then the draft count. Returns the company,
 * or null when the server refused it (the global error has told the user; nothing stays stored).
 */
export async function selectCompany(
  company: CompanySummary | { companyId: string },
  /** Provider staff: why they act for the company (issue 18); the audit log keeps it. */
  reason?: string,
): Promise<CompanyData | null> {
  writeStore('lastCompanyId', company.companyId);
  if ('name' in company) writeStore('companyData', toCompanyData(company));
  const result = await request<GetCompanyByIdResponse>(SELECT_COMPANY_PATH, {
    method: 'POST',
    body: { companyId: company.companyId, ...(reason ? { reason } : {}) },
  });
  if (result.error) {
    clearCompanyStores();
    return null;
  }
  const data = toCompanyData(result.data);
  writeStore('companyData', data);
  writeStore('draftTotal', draftTotalOf(await loadDraftTotal()));
  return data;
}

/**
 * SPEC §4: on sign-in with exactly one related company, an order or payment manager (and a finance
 * user, who acts for the same company on the server, ADR 005) without stored company data gets it
 * selected: the id at once, name and VAT from the company lookup. A failed lookup is logged only.
 */
let autoSelecting: Promise<void> | null = null;

export function autoSelectCompany(user: Pick<SessionUser, 'userRoleId' | 'relatedCompanies'>): Promise<void> {
  if (!isCompanyRole(user.userRoleId) || user.relatedCompanies.length !== 1) return Promise.resolve();
  if (readStore('companyData') !== null) return Promise.resolve();
  // The session is read again often (focus, other tabs): one lookup at a time.
  autoSelecting ??= lookUpOnlyCompany(user.relatedCompanies[0]!.companyId).finally(() => {
    autoSelecting = null;
  });
  return autoSelecting;
}

async function lookUpOnlyCompany(companyId: string): Promise<void> {
  writeStore('lastCompanyId', companyId);
  const result = await request<GetCompanyByIdResponse>(COMPANY_LOOKUP_PATH, {
    method: 'POST',
    body: { companyId },
    suppressGlobalError: (failure) =>
      failure.status < 500 && failure.body?.errorCode !== ERROR_CODE.COMPANY_UNAVAILABLE,
  });
  if (result.error) {
    logWarning('there was an error loading data', COMPANY_LOOKUP_PATH);
    return;
  }
  writeStore('companyData', toCompanyData(result.data));
  writeStore('draftTotal', draftTotalOf(await loadDraftTotal()));
}
