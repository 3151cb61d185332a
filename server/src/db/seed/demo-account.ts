import { foldForSearch, type CardCategory } from '@tessera/domain';
import type { Db } from '../../platform/db';
import { addressKey } from '../../modules/delivery-points';
import {
  cardPrintingSettings,
  companyAgents,
  companyOrderSettings,
  contracts,
  deliveryPoints,
  spendRules,
  trzContracts,
} from '../schema';

type Executor = Pick<Db, 'insert'>;

/** Demo approval thresholds: 2.000,00 € and 5.000,00 €. */
const APPROVAL_THRESHOLDS: Record<string, number> = { C1002: 200_000, C1004: 500_000 };

const POINTS = [
  {
    alias: 'Κεντρικά γραφεία',
    street: 'Λεωφόρος Κηφισίας',
    streetNumber: '124',
    postalCode: '11526',
    city: 'Αθήνα',
    region: 'attica',
    contactName: 'Ιωάννα Μακρή',
    phone: '+302106001234',
    notes: 'Υποδοχή, 2ος όροφος',
  },
  {
    alias: 'Αποθήκη Ασπροπύργου',
    street: 'Λεωφόρος ΝΑΤΟ',
    streetNumber: '15',
    postalCode: '19300',
    city: 'Ασπρόπυργος',
    region: 'attica',
    contactName: 'Στέλιος Τσακίρης',
    phone: '+302105598765',
    notes: 'Παραλαβές 08:00–15:00',
  },
  {
    alias: 'Υποκατάστημα Θεσσαλονίκης',
    street: 'Τσιμισκή',
    streetNumber: '43',
    postalCode: '54623',
    city: 'Θεσσαλονίκη',
    region: 'central-macedonia',
    contactName: 'Ελένη Ζαχαρίου',
    phone: '+302310223344',
    notes: '',
  },
  {
    alias: 'Γραφείο Ηρακλείου',
    street: 'Λεωφόρος Ικάρου',
    streetNumber: '8',
    postalCode: '71307',
    city: 'Ηράκλειο',
    region: 'crete',
    contactName: 'Μιχάλης Παπαδάκης',
    phone: '+302810330011',
    notes: '',
  },
] as const;

const CONTRACT_TERMS: Record<CardCategory, { cardFeeCents: number; loadFeeBasisPoints: number }> = {
  TICKET_RESTAURANT: { cardFeeCents: 350, loadFeeBasisPoints: 150 },
  SPENDEO: { cardFeeCents: 500, loadFeeBasisPoints: 100 },
  MY_BENEFITS: { cardFeeCents: 450, loadFeeBasisPoints: 120 },
  VOUCHER: { cardFeeCents: 250, loadFeeBasisPoints: 200 },
  COPMLIMENT: { cardFeeCents: 250, loadFeeBasisPoints: 0 },
};

/**
 * A demo company's set-up: delivery points, contracts for its products (TRZ included), card
 * printing, spend rules and the provider's agents (`agents` maps user ids to their role).
 */
export async function seedDemoAccount(
  db: Executor,
  companyId: string,
  options: { index: number; agents: { userId: string; kind: 'account_manager' | 'customer_care' }[] },
): Promise<void> {
  const points = POINTS.slice(0, 2 + (options.index % 3));
  const inserted = await db
    .insert(deliveryPoints)
    .values(
      points.map((point) => ({
        companyId,
        ...point,
        searchText: foldForSearch(
          `${point.alias} ${point.street} ${point.streetNumber} ${point.postalCode} ${point.city} ${point.contactName}`,
        ),
        addressKey: addressKey(point),
      })),
    )
    .returning({ id: deliveryPoints.id });
  // Maker-checker (ADR 010): in two demo companies, orders of order managers above an amount wait
  // for the payment manager; the first company has no approval step.
  const threshold = APPROVAL_THRESHOLDS[companyId];
  if (threshold !== undefined) {
    await db.insert(companyOrderSettings).values({ companyId, approvalThresholdCents: threshold });
  }
  const number = companyId.replace(/\D/g, '');
  const products: CardCategory[] = ['TICKET_RESTAURANT', 'SPENDEO', 'MY_BENEFITS', 'VOUCHER', 'COPMLIMENT'];
  await db.insert(contracts).values(
    products.map((product, index) => ({
      companyId,
      contractNumber: `ΣΥΜ-${number}-${String(index + 1).padStart(2, '0')}`,
      product,
      status: index === 4 && options.index % 2 === 1 ? ('expired' as const) : ('active' as const),
      signedOn: `202${2 + (index % 3)}-0${1 + index}-15`,
      validFrom: `202${2 + (index % 3)}-0${2 + index}-01`,
      validTo: index === 4 && options.index % 2 === 1 ? '2025-12-31' : null,
      ...CONTRACT_TERMS[product],
      paymentTermsDays: index === 0 ? 0 : 30,
    })),
  );
  await db.insert(trzContracts).values({
    companyId,
    contractNumber: `TRZ-${number}`,
    status: options.index % 2 === 0 ? 'active' : 'not_signed',
    dailyAllowanceCents: 800,
    monthlyLoadDay: 1,
    invoiceEmail: `invoices.${companyId.toLowerCase()}@example.gr`,
    acceptedAt: options.index % 2 === 0 ? new Date('2025-03-01T09:00:00Z') : null,
  });
  await db.insert(cardPrintingSettings).values({
    companyId,
    embossLine: [
      'AKMI TROFIMON AE',
      'ELAIONAS LOGISTIKI',
      'THALIS TECH',
      'KRONOS LOGISTICS',
      'ARGO MARINE',
      'IRIS HEALTH',
    ][options.index % 6]!,
    printLogo: options.index % 2 === 0,
    carrierMessage: 'Καλώς ήρθατε! Η κάρτα σας είναι έτοιμη για χρήση σε χιλιάδες καταστήματα.',
    defaultDeliveryPointId: inserted[0]!.id,
    printEmployeeCode: true,
  });
  await db.insert(spendRules).values([
    {
      companyId,
      product: 'SPENDEO',
      name: 'Καύσιμα έως 300 € τον μήνα',
      target: { kind: 'category', category: 'fuel' },
      period: 'month',
      limitCents: 30_000,
    },
    {
      companyId,
      product: 'SPENDEO',
      name: 'Όχι αγορές ψυχαγωγίας',
      target: { kind: 'category', category: 'entertainment' },
      period: 'transaction',
      limitCents: null,
    },
    {
      companyId,
      product: 'SPENDEO',
      name: 'Έως 150 € ανά αγορά',
      target: { kind: 'period' },
      period: 'transaction',
      limitCents: 15_000,
    },
    {
      companyId,
      product: 'MY_BENEFITS',
      name: 'Τρόφιμα και σούπερ μάρκετ',
      target: { kind: 'core', coreCategory: 'food' },
      period: 'month',
      limitCents: 20_000,
    },
    {
      companyId,
      product: 'MY_BENEFITS',
      name: 'Υγεία και φαρμακεία',
      target: { kind: 'core', coreCategory: 'health' },
      period: 'month',
      limitCents: 10_000,
    },
  ]);
  if (options.agents.length > 0) {
    await db.insert(companyAgents).values(options.agents.map((agent) => ({ companyId, ...agent })));
  }
}
