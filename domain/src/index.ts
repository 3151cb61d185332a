export * from './roles';
export * from './locale';
export * from './money';
export * from './input';
export * from './text';
export * from './notifications';
export * from './errors';
export * from './content';
export * from './content-editing';
export * from './identity';
// Issue 21: the user's sessions and devices (ADR 033).
export * from './account-sessions';
export * from './companies';
export * from './routes';
export * from './policies';
export * from './products';
export * from './greek';
export * from './cards';
export * from './delivery-points';
export * from './spend-rules';
export * from './account';
export * from './orders';
export * from './payments';
export * from './pricing';
export * from './drafts';
export * from './rf';
export * from './order-lifecycle';
export * from './approval-rule';
export * from './order-api';
export * from './bulk';
export * from './draft-lines';
export * from './merchants';
export * from './settlements';
export * from './merchant-billing';
export * from './audit';
// User administration (issue 18 §2, ADR 023)
export * from './user-admin';
// Issue 18 §7–8: fulfilment and the client log beacon (ADR 026).
export * from './redaction';
export * from './fulfilment';
export * from './client-logs';
export * from './company-admin';
export * from './working-days';
// Issue 34 §1: the TARGET2 calendar of payout execution dates (ADR 042).
export * from './target2';
export * from './recurring-rules';
// Issue 21: two-factor sign-in (ADR 031).
export * from './second-factor';
// Issue 22 §1: API clients per company (ADR 034).
export * from './api-clients';
// Issue 22 §2: the public API's resources (ADR 037).
export * from './public-api';
// Issue 22 §3: webhooks (ADR 035).
export * from './webhooks';
// Issue 22 §4: leavers and expiring cards (ADR 036).
export * from './leavers';
// Issue 34 §1: disputes of terminal transactions (ADR 043).
export * from './disputes';
// Issue 35: the cardholder area (ADR 046).
export * from './cardholders';
// Issue 35 §8: the company's and customer care's side of cardholders (ADR 049).
export * from './cardholder-care';
// Issue 35 §4–5 (ADR 047): where to spend a card, and the cardholder's alerts.
export * from './store-search';
export * from './cardholder-alerts';
// Issue 37: invoices and credit notes, myDATA (ADRs 056–058).
export * from './invoicing';
// Issue 37 §3–4: the provider staff's invoice desk.
export * from './invoicing-desk';
// Issue 37 §4: a company's and a merchant's own invoices; a total in Greek words.
export * from './customer-invoices';
export * from './amount-in-words';
