import type {
  Locale,
  RoleId,
  OrderSummary,
  Payment,
  PaymentInstructions,
  PaymentKind,
} from '@tessera/domain';
import { auditOf } from '../../platform/audit';
import type { Db, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { CardsService } from '../cards';
import type { DraftsService } from '../drafts';
import type { IdentityService } from '../identity';
import type { InvoicingService } from '../invoicing';
import type { LedgerService } from '../ledger';
import { toOrderSummary, type Names } from './order-views';
import { approvalsOf, countLines, findOrder, findOrderByNumber, type OrderRow } from './repository';
import type { SecondFactorState } from '../../platform/step-up';

/** Who acts on an order: the company the route resolved, the user's role and language. */
export type OrderActor = {
  userId: string;
  companyId: string;
  roleId: RoleId;
  locale: Locale;
  requestId?: string;
  /** The person's second factor (a browser's request); absent for jobs, which step-up never asks. */
  secondFactor?: SecondFactorState;
  /**
   * The people behind the actor (ADR 040): an API client's creator and the makers of its working
   * secrets, a recurring rule's makers. They made what the actor makes, and approve none of it.
   */
  madeBy?: readonly string[];
};

/** A step of an order worth an email (ADR 010), sent after the change commits. */
export type OrderNotice = {
  kind:
    | 'submitted'
    | 'approved'
    /** The first of two approvals (ADR 032): the order still waits. */
    | 'partiallyApproved'
    | 'rejected'
    /** Nobody decided within the company's expiry days (ADR 032): the system rejected it. */
    | 'approvalExpired'
    | 'paid'
    | 'paymentFailed'
    | 'shipped'
    | 'delivered'
    | 'loaded'
    | 'unloaded'
    | 'cancelled'
    /** The courier brought the cards back (ADR 026): the company's order managers hear of it. */
    | 'returned';
  order: OrderRow;
  /** paymentFailed: the attempt, whose reason tells a failure from a charge to refund. */
  payment?: Pick<Payment, 'failureReason'>;
  /** cancelled: who withdrew the order. */
  by?: string;
  /** shipped (from the fulfilment page) and returned: the courier's name. */
  courier?: string;
  /** returned: the voucher of the shipment that came back, and why. */
  trackingNumber?: string;
  reason?: string;
};

/**
 * What orders need of the payments module, which owns payment attempts and the bank (wired in
 * `app.ts`, so the orders module never imports payments and payments may import orders).
 */
export type OrderPayments = {
  /** Starts an attempt with `method` for an order awaiting payment, in the caller's transaction. */
  start(tx: Executor, order: OrderRow, method: PaymentKind, actor: OrderActor): Promise<PaymentInstructions>;
  /** Ends the pending attempts of an order being cancelled, in the caller's transaction. */
  cancelPending(tx: Executor, orderId: string, at: Date): Promise<void>;
  /** The attempts of an order, oldest first, as the API shows them. */
  ofOrder(db: Executor, orderId: string): Promise<Payment[]>;
};

export type OrdersDeps = {
  db: Db;
  drafts: DraftsService;
  cards: CardsService;
  ledger: LedgerService;
  identity: IdentityService;
  payments: OrderPayments;
  /** Emails of the timeline; failures are logged by the caller, never undo the change. */
  notify?: (notice: OrderNotice) => Promise<void>;
  /**
   * Names of actors who are no person (an API client's orders; issue 34 §3 item 3): the client's
   * name and its creator's, by the client's id. Ids it does not know are left out.
   */
  otherActorNames?: (ids: string[]) => Promise<Map<string, string>>;
  /**
   * Issue 37 (ADR 059): the invoice of a paid order's fees, issued in the payment's transaction.
   * Absent in tests that build the service alone (no invoice then).
   */
  invoicing?: Pick<InvoicingService, 'invoiceOrderFees'>;
  now?: () => Date;
};

export type OrderContext = ReturnType<typeof createOrderContext>;

/**
 * What the order operations share: the order of a company (404 for another company's), its
 * summary as the API shows it, the audit and the emails after commit.
 */
export function createOrderContext(deps: OrdersDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const fulfilDeps = {
    cards: deps.cards,
    ledger: deps.ledger,
    ...(deps.invoicing ? { invoicing: deps.invoicing } : {}),
  };

  async function namesOf(userIds: (string | null)[]): Promise<Names> {
    const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
    const users = ids.length > 0 ? await deps.identity.usersByIds(ids) : [];
    const names: Names = new Map(
      users.map((user) => [user.userId, `${user.firstName} ${user.lastName}`.trim()]),
    );
    const unnamed = ids.filter((id) => !names.has(id));
    if (unnamed.length > 0 && deps.otherActorNames) {
      for (const [id, name] of await deps.otherActorNames(unnamed)) names.set(id, name);
    }
    return names;
  }

  async function summaries(rows: OrderRow[]): Promise<OrderSummary[]> {
    const ids = rows.map((row) => row.id);
    const [counts, names, approvals] = await Promise.all([
      countLines(db, ids),
      namesOf(rows.map((row) => row.submittedBy)),
      approvalsOf(
        db,
        rows.filter((row) => row.approvalRequired).map((row) => row.id),
      ),
    ]);
    return rows.map((row) =>
      toOrderSummary(
        row,
        counts.get(row.id) ?? 0,
        names,
        approvals.filter((approval) => approval.orderId === row.id).map((approval) => approval.approverId),
      ),
    );
  }

  async function summary(row: OrderRow): Promise<OrderSummary> {
    return (await summaries([row]))[0]!;
  }

  function notify(notice: OrderNotice): void {
    if (!deps.notify) return;
    void deps.notify(notice).catch(() => undefined);
  }

  /** Locks an order of the company for the rest of the transaction, or 404. */
  async function lockOrder(tx: Executor, companyId: string, orderId: string): Promise<OrderRow> {
    const row = await findOrder(tx, companyId, orderId, { forUpdate: true });
    if (!row) throw new AppError('NOT_FOUND', `no order ${orderId} in ${companyId}`);
    return row;
  }

  /** An order of the company, or 404. */
  async function getOrder(companyId: string, orderId: string): Promise<OrderRow> {
    const row = await findOrder(db, companyId, orderId);
    if (!row) throw new AppError('NOT_FOUND', `no order ${orderId} in ${companyId}`);
    return row;
  }

  const audit = auditOf('order');

  return {
    deps,
    db,
    now,
    fulfilDeps,
    namesOf,
    summaries,
    summary,
    notify,
    lockOrder,
    getOrder,
    audit,
    /** The order a payment belongs to, whatever its company, locked (the bank's notices). */
    lockPaidOrder: (tx: Executor, orderId: string) => findOrder(tx, null, orderId, { forUpdate: true }),
    /** The order an RF reference names, locked, or undefined. */
    lockOrderByNumber: (tx: Executor, number: number) => findOrderByNumber(tx, number, { forUpdate: true }),
  };
}
