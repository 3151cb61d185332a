import { merchantKeys } from '../../../lib/query-keys';

/**
 * Query keys of the merchant administration pages (issue 16: stores, profile, users, payments).
 * Under `merchantKeys`' prefix and with the merchant shown (null: the merchant user's own), so
 * provider staff switching merchant never see the previous one's data.
 */
export const merchantAdminKeys = {
  stores: merchantKeys.stores,
  storeDetails: (merchantId: string | null, storeId: string) =>
    [...merchantKeys.all, merchantId, 'storeDetails', storeId] as const,
  channels: (merchantId: string | null, locale: string) =>
    [...merchantKeys.all, merchantId, 'channels', locale] as const,
  profile: merchantKeys.profile,
  users: (merchantId: string | null) => [...merchantKeys.all, merchantId, 'users'] as const,
  charges: (merchantId: string | null, status: 'open' | 'paid') =>
    [...merchantKeys.all, merchantId, 'charges', status] as const,
  rfCode: (merchantId: string | null) => [...merchantKeys.all, merchantId, 'rfCode'] as const,
  supplyOrders: (merchantId: string | null) => [...merchantKeys.all, merchantId, 'supplyOrders'] as const,
  payment: (merchantId: string | null, paymentId: string) =>
    [...merchantKeys.all, merchantId, 'payment', paymentId] as const,
};
