import { ROLE, type Locale, type RoleId } from '@tessera/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { encryptTotpSecret, hashPassword, secondFactorKey } from '../../modules/identity';
import { users, userSecondFactors } from '../../modules/identity/schema';
import { DEMO_TOTP_SECRET } from './demo-second-factor';
import { seedDemoAccount } from './demo-account';
import { generateCards, seedCompanyCards } from './demo-cards';
import { seedDemoLeavers } from './demo-leavers';
import { createCompany, createUser, greekVat } from './factories';

export type DemoSeedResult = { logins: string[]; seeded: boolean };

/** The one password of every demo user (README, `npm start`). */
export const DEMO_PASSWORD = 'Tessera-2026';

export const DEMO_COMPANIES = [
  {
    companyId: 'C1001',
    name: 'Ακμή Τροφίμων Α.Ε.',
    vat: greekVat('09401924'),
    address: 'Λεωφόρος Κηφισίας 124, 115 26 Αθήνα',
  },
  {
    companyId: 'C1002',
    name: 'Ελαιώνας Λογιστική Ι.Κ.Ε.',
    vat: greekVat('80012345'),
    address: 'Εγνατία 45, 546 30 Θεσσαλονίκη',
  },
  {
    companyId: 'C1003',
    name: 'Θαλής Τεχνολογίες Α.Ε.',
    vat: greekVat('99876543'),
    address: 'Πανεπιστημίου 22, 106 79 Αθήνα',
  },
  {
    companyId: 'C1004',
    name: 'Κρόνος Μεταφορική Ο.Ε.',
    vat: greekVat('08812377'),
    address: 'Αγίου Ανδρέου 18, 262 21 Πάτρα',
  },
  {
    companyId: 'C1005',
    name: 'Νηρέας Ξενοδοχειακή Α.Ε.',
    vat: greekVat('99445566'),
    address: 'Λεωφόρος Ικάρου 7, 712 01 Ηράκλειο',
  },
  {
    companyId: 'C1006',
    name: 'Πήγασος Εμπορική Μ.Ε.Π.Ε.',
    vat: greekVat('09977881'),
    address: 'Ερμού 60, 105 63 Αθήνα',
  },
] as const;

export type DemoUserKey = 'admin' | 'care' | 'om1' | 'om3' | 'finance' | 'payment' | 'merchant';

export const DEMO_USERS: Record<
  DemoUserKey,
  {
    email: string;
    firstName: string;
    lastName: string;
    roleId: RoleId;
    companyIds: string[];
    preferredLanguage: Locale;
    label: string;
  }
> = {
  admin: {
    email: 'admin@tessera.demo',
    firstName: 'Μαρία',
    lastName: 'Παπαδοπούλου',
    roleId: ROLE.ADMIN,
    companyIds: [],
    preferredLanguage: 'el',
    label: 'provider admin (role 1)',
  },
  care: {
    email: 'care@tessera.demo',
    firstName: 'Νίκος',
    lastName: 'Γεωργίου',
    roleId: ROLE.CUSTOMER_CARE,
    companyIds: [],
    preferredLanguage: 'el',
    label: 'customer care (role 2)',
  },
  om1: {
    email: 'om1@tessera.demo',
    firstName: 'Ελένη',
    lastName: 'Κωνσταντίνου',
    roleId: ROLE.ORDER_MANAGER,
    companyIds: ['C1001'],
    preferredLanguage: 'el',
    label: 'order manager, one company (role 3)',
  },
  om3: {
    email: 'om3@tessera.demo',
    firstName: 'Γιώργος',
    lastName: 'Δημητρίου',
    roleId: ROLE.ORDER_MANAGER,
    companyIds: ['C1001', 'C1002', 'C1003'],
    preferredLanguage: 'el',
    label: 'order manager, three companies (role 3)',
  },
  finance: {
    email: 'finance@tessera.demo',
    firstName: 'Katerina',
    lastName: 'Alexiou',
    roleId: ROLE.FINANCE_USER,
    companyIds: ['C1002'],
    preferredLanguage: 'en',
    label: 'finance user, English (role 4)',
  },
  payment: {
    email: 'payment@tessera.demo',
    firstName: 'Δημήτρης',
    lastName: 'Ιωάννου',
    roleId: ROLE.PAYMENT_MANAGER,
    companyIds: ['C1002', 'C1004'],
    preferredLanguage: 'el',
    label: 'payment manager, two companies (role 5)',
  },
  merchant: {
    email: 'merchant@tessera.demo',
    firstName: 'Σοφία',
    lastName: 'Μιχαηλίδου',
    roleId: ROLE.MERCHANT,
    companyIds: [],
    preferredLanguage: 'el',
    label: 'merchant administrator, Φρέσκο Μάρκετ (role 1001)',
  },
};

/** Width of the e-mail column of the printed demo logins (the merchant users' included). */
const LOGIN_WIDTH = 28;

export function demoLogins(): string[] {
  const width = Math.max(LOGIN_WIDTH, ...Object.values(DEMO_USERS).map((user) => user.email.length));
  return Object.values(DEMO_USERS).map(
    (user) => `${user.email.padEnd(width)}  ${DEMO_PASSWORD}   ${user.label}`,
  );
}

/**
 * Demo data for an empty database (ARCHITECTURE §2: main.ts seeds when empty): six Greek companies
 * and one user of every role, built with the factories the tests use. Does nothing when users exist.
 */
export type DemoSeedOptions = {
  /**
   * Cards per company relative to the demo (1: 300 for C1001, 120 for C1002–C1005, 40 for C1006;
   * 0: none). Tests that need cards pass a small scale.
   */
  cardScale?: number;
  /** The moment the demo history ends (tests pin it). */
  now?: Date;
  /**
   * The session secret: the provider staff get the published demo second factor, encrypted with
   * the key derived from it (issue 21, ADR 031). Without it they enrol at their first sign-in.
   */
  sessionSecret?: string;
};

/** Phones and job titles shown on /account/order-managers and /account/agents. */
const DEMO_CONTACTS: Partial<Record<DemoUserKey, { phone: string; jobTitle: string }>> = {
  admin: { phone: '+302109000100', jobTitle: 'Υπεύθυνη λογαριασμού' },
  care: { phone: '+302109000200', jobTitle: 'Εξυπηρέτηση πελατών' },
  om1: { phone: '+306944123456', jobTitle: 'Υπεύθυνος ανθρώπινου δυναμικού' },
  om3: { phone: '+306977654321', jobTitle: 'Διευθύντρια διοικητικών υπηρεσιών' },
  finance: { phone: '+302106001300', jobTitle: 'Finance manager' },
  payment: { phone: '+302310223300', jobTitle: 'Υπεύθυνη πληρωμών' },
};

const DEMO_CARD_COUNTS: Record<string, number> = {
  C1001: 300,
  C1002: 120,
  C1003: 120,
  C1004: 120,
  C1005: 120,
  C1006: 40,
};

export async function seedDemo(database: Database, options: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  const [row] = await database.db.select({ total: sql<number>`count(*)::int` }).from(users);
  if ((row?.total ?? 0) > 0) return { logins: demoLogins(), seeded: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await database.db.transaction(async (tx) => {
    for (const company of DEMO_COMPANIES) {
      await createCompany(tx, {
        ...company,
        contacts: [
          {
            name: 'Υπεύθυνος λογαριασμού',
            email: `accounts.${company.companyId.toLowerCase()}@tessera.demo`,
            phone: '+302100000000',
          },
        ],
      });
    }
    const ids: Partial<Record<DemoUserKey, string>> = {};
    for (const [key, user] of Object.entries(DEMO_USERS) as [
      DemoUserKey,
      (typeof DEMO_USERS)[DemoUserKey],
    ][]) {
      ids[key] = (await createUser(tx, { ...user, passwordHash })).id;
      const contact = DEMO_CONTACTS[key];
      if (contact) await tx.update(users).set(contact).where(eq(users.id, ids[key]!));
      if (options.sessionSecret && (user.roleId === ROLE.ADMIN || user.roleId === ROLE.CUSTOMER_CARE)) {
        await tx.insert(userSecondFactors).values({
          userId: ids[key]!,
          secretCiphertext: encryptTotpSecret(secondFactorKey(options.sessionSecret), DEMO_TOTP_SECRET),
          enrolledAt: options.now ?? new Date(),
        });
      }
    }
    for (const [index, company] of DEMO_COMPANIES.entries()) {
      await seedDemoAccount(tx, company.companyId, {
        index,
        agents: [
          { userId: ids.admin!, kind: 'account_manager' },
          { userId: ids.care!, kind: 'customer_care' },
        ],
      });
    }
  });
  await seedDemoCards(database, options);
  return { logins: demoLogins(), seeded: true };
}

/**
 * The demo cards of `seedDemo` (`cardScale` of the demo's counts, history up to `now`), on the demo
 * companies already there. Tests that start from a template holding the companies and users seed
 * only these.
 */
export async function seedDemoCards(
  database: Database,
  options: Pick<DemoSeedOptions, 'cardScale' | 'now'> = {},
): Promise<void> {
  const scale = options.cardScale ?? 1;
  if (scale <= 0) return;
  for (const [index, company] of DEMO_COMPANIES.entries()) {
    const count = Math.max(1, Math.round((DEMO_CARD_COUNTS[company.companyId] ?? 40) * scale));
    const now = options.now ?? new Date();
    await seedCompanyCards(
      database.db,
      company.companyId,
      generateCards(count, 1_000 + index, now),
      now,
      7 + index,
    );
    if (company.companyId === 'C1001') await seedDemoLeavers(database.db, company.companyId, now);
  }
}
