import { sql } from 'drizzle-orm';
import type { AppServices } from '../../app';
import type { Db } from '../../platform/db';
import { DEMO_USERS } from './demo';

/** The demo merchant's id (the supermarket chain of issue 15's demo data). */
export const DEMO_MERCHANT_ID = 'M2002';

/**
 * A minimal demo merchant for the virtual terminal when the full demo merchant data (issue 15 §1:
 * three merchants, six months of redemptions) has not run: the supermarket chain M2002 with one
 * enrolled, one requested and one suspended terminal, its administrator the demo merchant user. Does
 * nothing when that user already works for a merchant or M2002 exists, so it must run after the full
 * merchant seed and then steps aside.
 */
export async function ensureDemoMerchant(db: Db, services: AppServices): Promise<void> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from users where email = ${DEMO_USERS.merchant.email}`,
  );
  const userId = rows[0]?.id;
  if (!userId) return;
  if ((await services.merchants.merchantOf(userId)) !== null) return;
  if (await services.merchants.merchantExists(DEMO_MERCHANT_ID)) return;
  const allProducts = ['TICKET_RESTAURANT', 'SPENDEO', 'MY_BENEFITS', 'VOUCHER', 'COPMLIMENT'] as const;
  const terminal = (mid: string, label: string, state: 'enrolled' | 'requested' | 'suspended') => ({
    mid,
    label,
    state,
    clientId: `demo-${mid}`,
    clientSecret: `demo-secret-${mid}-tessera`,
  });
  await services.merchants.createMerchant({
    merchantId: DEMO_MERCHANT_ID,
    legalName: 'Αγορά Σούπερ Μάρκετ Α.Ε.',
    tradeName: 'Αγορά Σούπερ Μάρκετ',
    vatNumber: '099887766',
    iban: 'GR1601101250000000012300695',
    contactName: 'Σοφία Μιχαηλίδου',
    contactEmail: DEMO_USERS.merchant.email,
    contactPhone: '+302101234567',
    feePlan: { TICKET_RESTAURANT: 350, SPENDEO: 150, MY_BENEFITS: 250, VOUCHER: 300, COPMLIMENT: 300 },
    stores: [
      {
        name: 'Αγορά Κολωνάκι',
        address: 'Σκουφά 20',
        city: 'Αθήνα',
        postalCode: '10673',
        category: 'groceries',
        openingHours: 'Δευ–Σαβ 08:00–21:00',
        channels: ['in_store'],
        acceptedProducts: [...allProducts],
        terminals: [
          terminal('20020001', 'Ταμείο 1', 'enrolled'),
          terminal('20020002', 'Ταμείο 2', 'requested'),
        ],
      },
      {
        name: 'Αγορά Χαλάνδρι',
        address: 'Αγίας Παρασκευής 50',
        city: 'Χαλάνδρι',
        postalCode: '15234',
        category: 'groceries',
        openingHours: 'Δευ–Σαβ 08:00–21:00',
        channels: ['in_store', 'online'],
        acceptedProducts: [...allProducts],
        terminals: [terminal('20020003', 'Ταμείο 1', 'suspended')],
      },
    ],
    users: [{ userId, role: 'admin' }],
  });
}
