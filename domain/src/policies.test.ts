import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  can,
  isRelatedCompany,
  POLICIES,
  POLICY_LIST,
  roleMay,
  type Action,
  type PolicyActor,
} from './policies';
import { ROLE, ROLE_IDS, type RoleId } from './roles';
import { PATTERN_ROUTES, PORTAL_ROUTES, ROUTE_ACTIONS } from './routes';

const { ADMIN, CUSTOMER_CARE, ORDER_MANAGER, FINANCE_USER, PAYMENT_MANAGER, MERCHANT } = ROLE;
const PROVIDER = [ADMIN, CUSTOMER_CARE];
const COMPANY_USERS = [ADMIN, CUSTOMER_CARE, ORDER_MANAGER, FINANCE_USER, PAYMENT_MANAGER];
const ORDERING = [ADMIN, CUSTOMER_CARE, ORDER_MANAGER];

/** The matrix as SPEC §6 and the ADRs (005, 007, 010, 011, 012) describe it, written out on its own. */
const EXPECTED: Record<Action, { roles: RoleId[]; scope: 'company' | 'merchant' | 'none' | 'cardholder' }> = {
  'account.self': { roles: [...COMPANY_USERS, MERCHANT], scope: 'none' },
  'mailbox.read': { roles: [ADMIN], scope: 'none' },
  'users.create': { roles: [ADMIN], scope: 'none' },
  'users.search': { roles: PROVIDER, scope: 'none' },
  'users.lock': { roles: PROVIDER, scope: 'none' },
  'companies.search': { roles: PROVIDER, scope: 'none' },
  'payments.import-statement': { roles: PROVIDER, scope: 'none' },
  'companies.list': { roles: COMPANY_USERS, scope: 'none' },
  'companies.read': { roles: COMPANY_USERS, scope: 'company' },
  'companies.switch': { roles: [ORDER_MANAGER, PAYMENT_MANAGER], scope: 'none' },
  'catalogue.read': { roles: COMPANY_USERS, scope: 'none' },
  'cards.read': { roles: COMPANY_USERS, scope: 'company' },
  'cards.manage': { roles: ORDERING, scope: 'company' },
  'notifications.read': { roles: COMPANY_USERS, scope: 'company' },
  'delivery-points.read': { roles: COMPANY_USERS, scope: 'company' },
  'delivery-points.manage': { roles: ORDERING, scope: 'company' },
  'delivery-points.new': { roles: [ORDER_MANAGER], scope: 'company' },
  'spend-rules.read': { roles: COMPANY_USERS, scope: 'company' },
  'spend-rules.manage': { roles: ORDERING, scope: 'company' },
  'contracts.read': { roles: COMPANY_USERS, scope: 'company' },
  'contracts.manage': { roles: ORDERING, scope: 'company' },
  'card-printing.read': { roles: COMPANY_USERS, scope: 'company' },
  'card-printing.manage': { roles: ORDERING, scope: 'company' },
  'people.read': { roles: COMPANY_USERS, scope: 'company' },
  'people.manage': { roles: ORDERING, scope: 'company' },
  'bulk.read': { roles: COMPANY_USERS, scope: 'company' },
  'bulk.manage': { roles: ORDERING, scope: 'company' },
  'drafts.read': { roles: COMPANY_USERS, scope: 'company' },
  'drafts.manage': { roles: ORDERING, scope: 'company' },
  'recurring.read': { roles: COMPANY_USERS, scope: 'company' },
  'recurring.manage': { roles: ORDERING, scope: 'company' },
  'orders.read': { roles: COMPANY_USERS, scope: 'company' },
  'orders.place': { roles: ORDERING, scope: 'company' },
  'orders.activate': { roles: ORDERING, scope: 'company' },
  'orders.unload': { roles: ORDERING, scope: 'company' },
  'orders.finance': { roles: [...PROVIDER, FINANCE_USER], scope: 'company' },
  'orders.payment-manager': { roles: [...PROVIDER, PAYMENT_MANAGER], scope: 'company' },
  'orders.approval-settings': { roles: [...PROVIDER, PAYMENT_MANAGER], scope: 'company' },
  'orders.reject': { roles: [...PROVIDER, PAYMENT_MANAGER], scope: 'company' },
  'orders.cancel': { roles: COMPANY_USERS, scope: 'company' },
  'orders.pay': { roles: [ORDER_MANAGER, FINANCE_USER, PAYMENT_MANAGER], scope: 'company' },
  'orders.advance': { roles: PROVIDER, scope: 'company' },
  'merchant.portal': { roles: [MERCHANT], scope: 'none' },
  'merchants.read': { roles: [...PROVIDER, MERCHANT], scope: 'merchant' },
  'merchants.manage': { roles: [...PROVIDER, MERCHANT], scope: 'merchant' },
  'terminals.use': { roles: [...PROVIDER, MERCHANT], scope: 'merchant' },
  // Disputes (issue 34 §1, ADR 043): the merchant side, a company's cardholders, the provider's queue.
  'merchant-disputes.read': { roles: [...PROVIDER, MERCHANT], scope: 'merchant' },
  'merchant-disputes.open': { roles: [...PROVIDER, MERCHANT], scope: 'merchant' },
  'card-disputes.read': { roles: COMPANY_USERS, scope: 'company' },
  'card-disputes.open': { roles: ORDERING, scope: 'company' },
  'disputes.read': { roles: PROVIDER, scope: 'none' },
  'disputes.resolve': { roles: PROVIDER, scope: 'none' },
  'settlements.manage': { roles: PROVIDER, scope: 'none' },
  // issue 18 (ADR 027): acting and the audit log
  'acting.manage': { roles: PROVIDER, scope: 'none' },
  'audit.read': { roles: [ADMIN], scope: 'none' },
  'back-office.open': { roles: PROVIDER, scope: 'none' },
  'audit.company': { roles: [ADMIN, ORDER_MANAGER], scope: 'company' },
  // issue 18 §2: user administration (ADR 023)
  'users.manage': { roles: PROVIDER, scope: 'none' },
  'company-users.read': { roles: ORDERING, scope: 'company' },
  'company-users.manage': { roles: ORDERING, scope: 'company' },
  'api-clients.read': { roles: ORDERING, scope: 'company' },
  'api-clients.manage': { roles: ORDERING, scope: 'company' },
  'webhooks.read': { roles: ORDERING, scope: 'company' },
  'webhooks.manage': { roles: ORDERING, scope: 'company' },
  // Issue 18 §7–8 (ADR 026).
  'fulfilment.read': { roles: PROVIDER, scope: 'none' },
  'fulfilment.manage': { roles: PROVIDER, scope: 'none' },
  'client-logs.read': { roles: [ADMIN], scope: 'none' },
  // Issue 18 §3, §6 (ADR 024).
  'companies.create': { roles: [ADMIN], scope: 'none' },
  'companies.edit': { roles: PROVIDER, scope: 'none' },
  'companies.deactivate': { roles: [ADMIN], scope: 'none' },
  'contracts.create': { roles: PROVIDER, scope: 'company' },
  'core-categories.manage': { roles: [ADMIN], scope: 'none' },
  'leads.manage': { roles: [ADMIN], scope: 'none' },
  // issue 18 §5: content editing (ADR 025)
  'content.review': { roles: PROVIDER, scope: 'none' },
  'content.edit': { roles: [ADMIN], scope: 'none' },
  // issue 35 §8 (ADR 049): the company's and care's side of cardholders
  'cardholder-app.read': { roles: ORDERING, scope: 'company' },
  'cardholder-app.invite': { roles: ORDERING, scope: 'company' },
  'cardholder-care.read': { roles: PROVIDER, scope: 'none' },
  'cardholder-care.manage': { roles: PROVIDER, scope: 'none' },
  // issue 37 §4: a customer's own invoices
  'invoices.read': { roles: [...PROVIDER, ORDER_MANAGER, FINANCE_USER], scope: 'company' },
  'merchant-invoices.read': { roles: [...PROVIDER, MERCHANT], scope: 'merchant' },
  // issue 35 (ADR 046): the cardholder's own area, no portal role
  'cardholder.self': { roles: [], scope: 'cardholder' },
  // issue 37 §3–4: the invoice desk
  'invoice-desk.read': { roles: PROVIDER, scope: 'none' },
  'invoice-desk.resend': { roles: PROVIDER, scope: 'none' },
};

/** An actor of each role: company users work for C1 and C2; provider staff and merchants for none. */
const actorOf = (roleId: RoleId): PolicyActor => ({
  roleId,
  relatedCompanyIds: roleId === ADMIN || roleId === CUSTOMER_CARE || roleId === MERCHANT ? [] : ['C1', 'C2'],
  ...(roleId === MERCHANT ? { merchantRole: 'admin' as const } : {}),
});

const cases = ACTIONS.flatMap((action) => ROLE_IDS.map((roleId) => [action, roleId] as const));

describe('merchant actions (ADR 016)', () => {
  it('let a view-only merchant user read but not change or sell', () => {
    const viewer: PolicyActor = { roleId: MERCHANT, relatedCompanyIds: [], merchantRole: 'viewer' };
    const admin: PolicyActor = { ...viewer, merchantRole: 'admin' };
    expect(can(viewer, 'merchants.read')).toBe(true);
    expect(can(viewer, 'merchants.manage')).toBe(false);
    expect(can(viewer, 'terminals.use')).toBe(false);
    expect(can(admin, 'merchants.manage')).toBe(true);
    expect(can(admin, 'terminals.use')).toBe(true);
    expect(can(admin, 'settlements.manage')).toBe(false);
  });

  it('keep company roles out of every merchant action and merchants out of every company action', () => {
    for (const entry of POLICY_LIST) {
      if (entry.scope === 'merchant') {
        for (const role of [ORDER_MANAGER, FINANCE_USER, PAYMENT_MANAGER])
          expect(entry.roles).not.toContain(role);
      }
      if (entry.scope === 'company') expect(entry.roles).not.toContain(MERCHANT);
    }
  });
});

describe('the policy table', () => {
  it('lists every action once, with its roles and scope', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ACTIONS].sort());
    expect(POLICY_LIST.map((entry) => entry.action)).toEqual(ACTIONS);
    for (const entry of POLICY_LIST) {
      expect([...entry.roles].sort()).toEqual([...EXPECTED[entry.action].roles].sort());
      expect(entry.scope).toBe(EXPECTED[entry.action].scope);
    }
  });

  it.each(cases)('%s by role %i: allowed exactly when the matrix says so', (action, roleId) => {
    const allowed = EXPECTED[action].roles.includes(roleId);
    expect(roleMay(roleId, action)).toBe(allowed);
    expect(can(actorOf(roleId), action)).toBe(allowed);
    if (EXPECTED[action].scope === 'company') {
      // Related company: the role decides. Foreign company: only provider staff (audited).
      expect(can(actorOf(roleId), action, { companyId: 'C1' })).toBe(allowed);
      const isProvider = roleId === ADMIN || roleId === CUSTOMER_CARE;
      expect(can(actorOf(roleId), action, { companyId: 'C9' })).toBe(allowed && isProvider);
    } else {
      // An action of no company ignores a target.
      expect(can(actorOf(roleId), action, { companyId: 'C9' })).toBe(allowed);
    }
  });

  it('relates provider staff to every company and others to theirs only', () => {
    expect(isRelatedCompany({ roleId: ADMIN, relatedCompanyIds: [] }, 'C9')).toBe(true);
    expect(isRelatedCompany({ roleId: CUSTOMER_CARE, relatedCompanyIds: [] }, 'C9')).toBe(true);
    expect(isRelatedCompany({ roleId: ORDER_MANAGER, relatedCompanyIds: ['C1'] }, 'C1')).toBe(true);
    expect(isRelatedCompany({ roleId: ORDER_MANAGER, relatedCompanyIds: ['C1'] }, 'C2')).toBe(false);
    expect(isRelatedCompany({ roleId: MERCHANT, relatedCompanyIds: [] }, 'C1')).toBe(false);
  });

  it('opens company selection only to managers with more than one company', () => {
    expect(can({ roleId: ORDER_MANAGER, relatedCompanyIds: ['C1', 'C2'] }, 'companies.switch')).toBe(true);
    expect(can({ roleId: PAYMENT_MANAGER, relatedCompanyIds: ['C1', 'C2'] }, 'companies.switch')).toBe(true);
    expect(can({ roleId: ORDER_MANAGER, relatedCompanyIds: ['C1'] }, 'companies.switch')).toBe(false);
    expect(can({ roleId: FINANCE_USER, relatedCompanyIds: ['C1', 'C2'] }, 'companies.switch')).toBe(false);
    expect(POLICIES['companies.switch'].manyCompanies).toBe(true);
  });
});

describe('the actions of the pages', () => {
  it('names an action (or public) for every address of the portal, and only known actions', () => {
    expect(Object.keys(ROUTE_ACTIONS).sort()).toEqual([...PORTAL_ROUTES, ...PATTERN_ROUTES].sort());
    for (const action of Object.values(ROUTE_ACTIONS)) {
      if (action !== null) expect(ACTIONS).toContain(action);
    }
  });
});
