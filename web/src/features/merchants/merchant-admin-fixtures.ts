import type { MerchantAccess, MerchantSummary, StoreView } from '@tessera/domain';
import { session } from '../../test/fixtures';
import { mockApi, type MockHandler } from '../../test/mock-api';
import { uuid } from '../../test/orders';

/** Test data of the merchant administration pages (issue 16). */
export const API = '/api/v1/merchants';

export const merchant: MerchantSummary = {
  merchantId: 'M2002',
  legalName: 'Φρέσκο Μάρκετ Α.Ε.',
  tradeName: 'Φρέσκο Μάρκετ',
  vatNumber: '099887766',
  iban: 'GR1601101250000000012300695',
  bic: 'ETHNGRAA',
  address: 'Σταδίου 10, 105 64 Αθήνα',
  contactName: 'Σοφία Μιχαηλίδου',
  contactEmail: 'merchant@tessera.demo',
  contactPhone: '+302101234567',
  feePlan: { TICKET_RESTAURANT: 400, VOUCHER: 350 },
};

export const STORE_ID = uuid(801);

export const store: StoreView = {
  storeId: STORE_ID,
  name: 'Φρέσκο Σύνταγμα',
  address: 'Σταδίου 10',
  city: 'Αθήνα',
  postalCode: '10564',
  category: 'groceries',
  openingHours: 'Δευ–Παρ 08:00–21:00',
  channels: ['in_store'],
  acceptedProducts: ['TICKET_RESTAURANT', 'VOUCHER'],
  terminals: [
    { terminalId: uuid(701), mid: '20020101', label: 'Ταμείο 1', state: 'enrolled', clientId: 'term-1' },
    { terminalId: uuid(702), mid: '20020102', label: 'Ταμείο 2', state: 'requested', clientId: 'term-2' },
  ],
};

export const ADMIN: MerchantAccess = { merchantRole: 'admin', canUseTerminal: true, isProviderStaff: false };
export const VIEWER: MerchantAccess = {
  merchantRole: 'viewer',
  canUseTerminal: false,
  isProviderStaff: false,
};
export const PROVIDER: MerchantAccess = { merchantRole: null, canUseTerminal: true, isProviderStaff: true };

/** The shell, the session and the merchant's profile, stores and channels; `handlers` add or replace. */
export function merchantAdminApi(
  access: MerchantAccess,
  handlers: Record<string, MockHandler> = {},
  role: 'merchant' | 'admin' = 'merchant',
) {
  return mockApi({
    'GET /api/auth/session': { body: session(role) },
    [`GET ${API}/retrieveRedeemerProfileDetails`]: { body: { success: true, merchant, access } },
    [`GET ${API}/retrieveStoreList`]: { body: { success: true, stores: [store] } },
    [`GET ${API}/retrieveStoreDetails`]: { body: { success: true, store } },
    [`GET ${API}/retrieveChannels`]: {
      body: {
        success: true,
        channels: [
          { code: 'in_store', name: 'Στο κατάστημα' },
          { code: 'online', name: 'Ηλεκτρονικό κατάστημα' },
          { code: 'delivery_platform', name: 'Πλατφόρμα διανομής' },
        ],
      },
    },
    [`GET ${API}/merchants`]: { body: { success: true, merchants: [merchant] } },
    // The merchant's bell in the header.
    [`GET ${API}/retrieveMerchantNotifications`]: { body: { success: true, notifications: [], unread: 0 } },
    ...handlers,
  });
}
