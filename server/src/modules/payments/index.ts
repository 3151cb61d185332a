/**
 * Payments: attempts to pay orders, the bank's gateway (a sandbox behind the real interface),
 * notices, statements and open transfers (SPEC §7 payments calls; ADR 010). The public face of the
 * module: other modules import only from here.
 */
export { paymentsRoutes } from './routes';
export { createPaymentsService, type PaymentsService } from './service';
export { createOrderPayments } from './order-payments';
export { createSandboxGateway, type PaymentGateway } from './gateway';
export { sandboxBankRoutes } from './sandbox-bank';
export { PROVIDER_BANK_ACCOUNT, PROVIDER_BANK_NAMES, formatIban } from './bank-account';
export { irisPayload } from './start-payment';
export {
  type CardPaymentHandler,
  type GatewayNotice,
  type GatewayReturn,
  type PaymentResult,
  signNotice,
  signReturn,
} from './gateway';
export { claimNotice, setNoticeOutcome } from './repository';
