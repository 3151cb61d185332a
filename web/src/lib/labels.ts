import {
  PRODUCTS,
  type CardCategory,
  type CardFamily,
  type GreekRegion,
  type Locale,
  type OrderStatus,
  type PaymentFailureReason,
  type PaymentKind,
  type PaymentStatus,
  type PlacedOrderType,
} from '@tessera/domain';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../i18n/messages';
import { productName } from './product-name';

/**
 * The words for the domain's values, defined once for every page (issue 14): products and their
 * families, order types and statuses, payments' methods, statuses and failures, regions. A page
 * names a value through these tables, never through a message id of its own.
 */

// Product names are bilingual data (ARCHITECTURE §4), kept in a module of their own so a page that
// names only products (the merchant's dashboard) does not load these tables (issue 36 §4).
export { productName };

export const FAMILY_MESSAGE: Record<CardFamily, MessageId> = {
  plastic: 'cards.family.plastic',
  virtual: 'cards.family.virtual',
  spendeo: 'cards.family.spendeo',
  mybenefits: 'cards.family.mybenefits',
};

export function familyName(intl: IntlShape, family: CardFamily): string {
  return intl.formatMessage({ id: FAMILY_MESSAGE[family] });
}

/**
 * `Ticket Restaurant · Πλαστική`: how a product and family read together; a product that comes in
 * its own family only (Spendeo, MyBenefits) is just its name.
 */
export function productFamilyName(
  intl: IntlShape,
  locale: Locale,
  product: CardCategory,
  family: CardFamily,
): string {
  const name = productName(product, locale);
  if (PRODUCTS[product].families.length === 1) return name;
  return `${name} · ${familyName(intl, family)}`;
}

export const ORDER_STATUS_MESSAGE: Record<OrderStatus, MessageId> = {
  awaiting_approval: 'orders.status.awaitingApproval',
  awaiting_payment: 'orders.status.awaitingPayment',
  paid: 'orders.status.paid',
  in_production: 'orders.status.inProduction',
  shipped: 'orders.status.shipped',
  delivered: 'orders.status.delivered',
  loaded: 'orders.status.loaded',
  unloaded: 'orders.status.unloaded',
  rejected: 'orders.status.rejected',
  cancelled: 'orders.status.cancelled',
};

/** The type of an order or a draft (a draft is never an unload). */
export const ORDER_TYPE_MESSAGE: Record<PlacedOrderType, MessageId> = {
  NEW: 'orders.type.new',
  LOAD: 'orders.type.load',
  DAMAGED: 'orders.type.damaged',
  EXPIRED: 'orders.type.expired',
  LOST: 'orders.type.lost',
  UPGRADE: 'orders.type.upgrade',
  BULK_LOAD: 'orders.type.bulkLoad',
  READY_TO_TOP_UP: 'orders.type.readyToTopUp',
  NEW_LOAD: 'orders.type.newLoad',
  UNLOAD: 'orders.type.unload',
};

/** The payment methods of SPEC §3, by name. */
export const PAYMENT_METHOD_MESSAGE: Record<PaymentKind, MessageId> = {
  VISA: 'orders.method.visa',
  IRIS: 'orders.method.iris',
  RF: 'orders.method.rf',
};

export const PAYMENT_STATUS_MESSAGE: Record<PaymentStatus, MessageId> = {
  pending: 'orders.paymentStatus.pending',
  succeeded: 'orders.paymentStatus.succeeded',
  failed: 'orders.paymentStatus.failed',
  cancelled: 'orders.paymentStatus.cancelled',
};

/** Why a payment attempt did not succeed, in words. */
export const PAYMENT_FAILURE_MESSAGE: Record<PaymentFailureReason, MessageId> = {
  declined: 'orders.paymentFailure.declined',
  cancelledByPayer: 'orders.paymentFailure.cancelledByPayer',
  replaced: 'orders.paymentFailure.replaced',
  paidByTransfer: 'orders.paymentFailure.paidByTransfer',
  orderCancelled: 'orders.paymentFailure.orderCancelled',
  amountMismatch: 'orders.paymentFailure.amountMismatch',
  orderNotAwaitingPayment: 'orders.paymentFailure.orderNotAwaitingPayment',
};

/** The thirteen regions of Greece (a delivery point's region). */
export const REGION_MESSAGE: Record<GreekRegion, MessageId> = {
  attica: 'account.region.attica',
  'central-macedonia': 'account.region.centralMacedonia',
  thessaly: 'account.region.thessaly',
  'western-greece': 'account.region.westernGreece',
  crete: 'account.region.crete',
  'east-macedonia-thrace': 'account.region.eastMacedoniaThrace',
  'central-greece': 'account.region.centralGreece',
  peloponnese: 'account.region.peloponnese',
  epirus: 'account.region.epirus',
  'western-macedonia': 'account.region.westernMacedonia',
  'ionian-islands': 'account.region.ionianIslands',
  'north-aegean': 'account.region.northAegean',
  'south-aegean': 'account.region.southAegean',
};
