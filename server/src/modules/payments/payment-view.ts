import type { Payment } from '@tessera/domain';
import type { PaymentRow } from './repository';

/** A payment attempt as the API shows it. */
export function toPayment(row: PaymentRow): Payment {
  return {
    paymentId: row.id,
    method: row.method,
    status: row.status,
    amountCents: row.amountCents,
    bankReference: row.bankReference,
    failureReason: row.failureReason ?? null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
