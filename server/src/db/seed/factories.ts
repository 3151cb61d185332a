import { randomInt } from 'node:crypto';
import { foldForSearch, ROLE, type CompanyContact, type Locale, type RoleId } from '@tessera/domain';
import type { Db } from '../../platform/db';
import { companySearchText } from '../../modules/companies';
import { companies } from '../../modules/companies/schema';
import { hashPassword } from '../../modules/identity';
import { userCompanies, users } from '../../modules/identity/schema';

/**
 * Factories shared by the demo seed and the tests (STYLE, Epic Stack): each builds valid rows with
 * sensible defaults, so a test names only what it is about.
 */

/** A Greek VAT number (ΑΦΜ) with a valid check digit: Σ dᵢ·2⁸⁻ⁱ mod 11 mod 10. */
export function greekVat(first8 = String(randomInt(10_000_000, 99_999_999))): string {
  const digits = first8.padStart(8, '0').slice(0, 8);
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * 2 ** (8 - index), 0);
  return `${digits}${(sum % 11) % 10}`;
}

let sequence = 0;
/** Factory VAT numbers count up from a random start: unique in a process, however many companies. */
const vatStart = randomInt(10_000_000, 90_000_000);
let vatSequence = 0;
const nextVat = () => greekVat(String(10_000_000 + ((vatStart + vatSequence++) % 90_000_000)));
const next = () => `${Date.now().toString(36)}${(sequence += 1)}${randomInt(1000, 9999)}`;

export type CompanyFactoryInput = {
  companyId?: string;
  name?: string;
  vat?: string;
  address?: string;
  contacts?: CompanyContact[];
};

/** Inserts a company; defaults to a unique id `T…` and a valid random VAT number. */
export async function createCompany(db: Pick<Db, 'insert'>, input: CompanyFactoryInput = {}) {
  const id = input.companyId ?? `T${randomInt(100_000, 999_999)}${sequence++}`;
  const row = {
    id,
    name: input.name ?? `Δοκιμαστική Εταιρεία ${id}`,
    vat: input.vat ?? nextVat(),
    address: input.address ?? 'Λεωφόρος Συγγρού 100, 117 41 Αθήνα',
    contacts: input.contacts ?? [],
  };
  const [inserted] = await db
    .insert(companies)
    .values({ ...row, searchText: companySearchText(row) })
    .returning();
  return inserted!;
}

export type UserFactoryInput = {
  email?: string;
  firstName?: string;
  lastName?: string;
  roleId?: RoleId;
  /** Plain password (hashed here); `null` leaves the user without one, as a new invitee. */
  password?: string | null;
  /** A hash to reuse (the seed hashes its shared password once). */
  passwordHash?: string;
  companyIds?: string[];
  isConfirmed?: boolean;
  isLocked?: boolean;
  preferredLanguage?: Locale;
};

export const DEFAULT_TEST_PASSWORD = 'Tessera-2026';

/** Inserts a user with its related companies; confirmed, unlocked, Greek, order manager by default. */
export async function createUser(db: Pick<Db, 'insert'>, input: UserFactoryInput = {}) {
  const email = (input.email ?? `user-${next()}@tessera.test`).toLowerCase();
  const firstName = input.firstName ?? 'Δοκιμή';
  const lastName = input.lastName ?? 'Χρήστης';
  const passwordHash =
    input.passwordHash ??
    (input.password === null ? null : await hashPassword(input.password ?? DEFAULT_TEST_PASSWORD));
  const [user] = await db
    .insert(users)
    .values({
      email,
      firstName,
      lastName,
      roleId: input.roleId ?? ROLE.ORDER_MANAGER,
      passwordHash,
      isConfirmed: input.isConfirmed ?? true,
      isLocked: input.isLocked ?? false,
      lockReason: input.isLocked ? 'staff' : null,
      preferredLanguage: input.preferredLanguage ?? 'el',
      searchText: foldForSearch(`${firstName} ${lastName} ${email}`),
    })
    .returning();
  const companyIds = input.companyIds ?? [];
  if (companyIds.length > 0) {
    await db.insert(userCompanies).values(companyIds.map((companyId) => ({ userId: user!.id, companyId })));
  }
  return { ...user!, companyIds };
}
