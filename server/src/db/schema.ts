/** Every table of the portal, for Drizzle and drizzle-kit. Each module owns its own schema file. */
export * from '../platform/schema';
export * from '../modules/content/schema';
export * from '../modules/companies/schema';
export * from '../modules/identity/schema';
export * from '../modules/auth/schema';
export * from '../modules/ledger/schema';
export * from '../modules/cards/schema';
export * from '../modules/delivery-points/schema';
export * from '../modules/card-printing/schema';
export * from '../modules/spend-rules/schema';
export * from '../modules/contracts/schema';
export * from '../modules/people/schema';
export * from '../modules/notifications/schema';
export * from '../modules/drafts/schema';
export * from '../modules/orders/schema';
export * from '../modules/payments/schema';
export * from '../modules/bulk/schema';
export * from '../modules/merchants/schema';
export * from '../modules/terminals/schema';
export * from '../modules/settlements/schema';
export * from '../modules/merchant-billing/schema';
// Issue 18 §7–8 (ADR 026).
export * from '../modules/fulfilment/schema';
export * from '../modules/client-logs/schema';
export * from '../modules/leads/schema';
export * from '../modules/recurring/schema';
// Issue 22 §1 (ADR 034).
export * from '../modules/api-clients/schema';
// Issue 22 §3 (ADR 035).
export * from '../modules/webhooks/schema';
// Issue 34 §1 (ADR 043).
export * from '../modules/disputes/schema';
// Issue 35 §1 (ADR 046).
export * from '../modules/cardholders/schema';
// Issue 35 §5 (ADR 047).
export * from '../modules/cardholder-alerts/schema';
// Issue 37 (ADRs 056–058).
export * from '../modules/invoicing/schema';
