import type { DeliveryPoint } from '@tessera/domain';

/** The accounts API the company's set-up pages call (delivery points, card printing, rules, people). */
export const ACCOUNTS_API = '/api/v1/accounts';

export const DP_ID = '0b0e4c1e-5d4a-4c1a-9d33-3f1f8f6b9a01';
export const DP2_ID = '0b0e4c1e-5d4a-4c1a-9d33-3f1f8f6b9a02';

export function deliveryPoint(overrides: Partial<DeliveryPoint> = {}): DeliveryPoint {
  return {
    deliveryPointId: DP_ID,
    companyId: 'C1001',
    alias: 'Κεντρικά γραφεία',
    street: 'Λεωφ. Κηφισίας',
    streetNumber: '12',
    postalCode: '11526',
    city: 'Αθήνα',
    region: 'attica',
    contactName: 'Ελένη Κωνσταντίνου',
    phone: '+302101234567',
    notes: '',
    createdAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export const POINTS = [
  deliveryPoint(),
  deliveryPoint({
    deliveryPointId: DP2_ID,
    alias: 'Αποθήκη Θεσσαλονίκης',
    street: 'Εγνατίας',
    streetNumber: '45',
    postalCode: '54630',
    city: 'Θεσσαλονίκη',
    region: 'central-macedonia',
    contactName: 'Πέτρος Νικολάου',
    phone: '+306912345678',
  }),
];

export const pointsPage = (deliveryPoints: DeliveryPoint[], total: number, page = 1) => ({
  body: { success: true, deliveryPoints, total, page, pageSize: 10 },
});

/** The texts a field points at with `aria-describedby` (its hint and its error), spaces collapsed. */
export function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ')
    .replace(/\s+/g, ' ');
}
