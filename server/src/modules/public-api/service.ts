import {
  athensMidnight,
  ROLE,
  shipsCards,
  type CardCategory,
  type CardFamily,
  type DraftCard,
  type Locale,
  type PaymentKind,
  type PublicBalance,
  type PublicBulkLoad,
  type PublicCreateCardholder,
  type PublicCreateOrder,
  type PublicOrdersCreated,
  type PublicStatementQuery,
} from '@tessera/domain';
import type { Db } from '../../platform/db';
import { decodeCursor, encodeCursor } from '../../platform/cursor';
import { AppError, type FieldProblem } from '../../platform/errors';
import { idempotent, type IdempotencyOptions } from '../../platform/idempotency';
import type { ApiCaller } from '../api-clients';
import { draftGroupsOf, judgeJsonLines, type GoodLine } from '../bulk';
import type { CardsService } from '../cards';
import type { DraftsService } from '../drafts';
import { companyMoneyFigures, companyStatementPage } from '../ledger';
import type { OrderActor, OrdersService } from '../orders';

/**
 * The public API's operations (issue 22 §2, ADR 037), over the portal's own services: the same
 * drafts, line rules, pricing, approval rule, payments and ledger as a person in the browser. An
 * API client acts as an order manager of its company under its own id (the audit and the orders'
 * `submittedBy` name the client, and its `Idempotency-Key`s are its own). Every write runs once
 * per key: the drafts, orders and payments of a request commit together with its answer.
 */
export type PublicApiDeps = {
  db: Db;
  cards: CardsService;
  drafts: DraftsService;
  orders: OrdersService;
  now?: () => Date;
};

type DraftPlan = {
  kind: 'load' | 'new';
  orderType: 'LOAD' | 'BULK_LOAD' | 'NEW';
  product: CardCategory;
  family: CardFamily;
  alias: string;
  lines: DraftCard[];
};

/** The calendar day after `date` (`YYYY-MM-DD`). */
function dayAfter(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

export function createPublicApiService(deps: PublicApiDeps) {
  const now = deps.now ?? (() => new Date());

  // ADR 040: what the client makes is also its people's (its creator, the makers of its working
  // secrets), so none of them approves it. Its own credentials stand in for a second factor: no
  // person is present to type a code (ADR 031).
  const actorOf = (caller: ApiCaller, locale: Locale): OrderActor => ({
    userId: caller.id,
    companyId: caller.companyId,
    roleId: ROLE.ORDER_MANAGER,
    locale,
    madeBy: caller.madeBy,
  });

  const scopeOf = (caller: ApiCaller, idempotency: IdempotencyOptions, request: unknown) => {
    if (idempotency.key === null) {
      throw new AppError('VALIDATION', 'public POST without an Idempotency-Key', {
        fields: [{ field: 'Idempotency-Key', key: 'required' }],
      });
    }
    return {
      userId: caller.id,
      route: idempotency.route,
      key: idempotency.key,
      companyId: caller.companyId,
      request,
    };
  };

  /**
   * Makes the drafts of `plans` and, with a payment method, submits each (the approval rule may
   * keep an order waiting for the company's approvers) and starts its payment; all in one
   * transaction with the key's answer.
   */
  async function placeDrafts(
    caller: ApiCaller,
    locale: Locale,
    idempotency: IdempotencyOptions,
    request: unknown,
    header: { invoiceComments: string; deliveryPointId: string | null; paymentMethod: PaymentKind | null },
    plans: DraftPlan[],
  ): Promise<PublicOrdersCreated> {
    const actor = actorOf(caller, locale);
    const created = await idempotent(
      deps.db,
      scopeOf(caller, idempotency, request),
      async (tx, prepared) => {
        const answer: {
          drafts: PublicOrdersCreated['drafts'];
          orders: { orderId: string; payment: unknown }[];
        } = {
          drafts: [],
          orders: [],
        };
        for (const plan of plans) {
          const ships = plan.kind === 'new' && shipsCards({ orderType: 'NEW', family: plan.family });
          const draftHeader = {
            reason: plan.kind === 'load' ? ('load-card' as const) : ('new-card' as const),
            orderType: plan.orderType,
            product: plan.product,
            family: plan.family,
            draftOrderAlias: plan.alias,
            invoiceComments: header.invoiceComments,
            deliveryPointId: ships ? (prepared.deliveryPoint?.deliveryPointId ?? null) : null,
            bulkAmountCents: null,
            expiringDate: null,
          };
          const draft = await deps.drafts.createDraftIn(tx, draftHeader, plan.lines, actor);
          if (header.paymentMethod === null) {
            answer.drafts.push({
              draftId: draft.id,
              product: plan.product,
              family: plan.family,
              lines: plan.lines.length,
            });
            continue;
          }
          const order = await deps.orders.submitDraftIn(tx, draft.id, actor, {
            deliveryPointId: draftHeader.deliveryPointId,
            product: plan.product,
            family: plan.family,
            deliveryPoint: ships ? prepared.deliveryPoint : null,
            terms: prepared.terms(plan.product, plan.family),
          });
          const payment =
            order.status === 'awaiting_payment'
              ? await deps.orders.startPaymentIn(tx, order, header.paymentMethod, actor)
              : null;
          answer.orders.push({ orderId: order.id, payment });
        }
        return answer;
      },
      async () => ({
        deliveryPoint: header.deliveryPointId
          ? await deps.drafts.deliveryPointOf(caller.companyId, header.deliveryPointId)
          : null,
        terms: await deps.drafts.pricingTermsOf(caller.companyId),
      }),
    );
    const orders = await Promise.all(
      created.orders.map(async ({ orderId, payment }) => ({
        order: await deps.orders.summary(await deps.orders.getOrder(caller.companyId, orderId)),
        payment: payment as PublicOrdersCreated['orders'][number]['payment'],
      })),
    );
    return { drafts: created.drafts, orders };
  }

  return {
    /** `POST /cardholders`: a person of the company, once per key. */
    createCardholder(caller: ApiCaller, request: PublicCreateCardholder, idempotency: IdempotencyOptions) {
      return idempotent(deps.db, scopeOf(caller, idempotency, request), (tx) =>
        deps.cards.createPublicCardholder({ userId: caller.id, companyId: caller.companyId }, request, tx),
      );
    },

    /** `POST /orders`: one order of a product and family (loads of cards, or new cards). */
    createOrder(
      caller: ApiCaller,
      request: PublicCreateOrder,
      idempotency: IdempotencyOptions,
      locale: Locale,
    ) {
      const problems = request.lines.flatMap((line, index): FieldProblem[] => {
        const field = `lines.${index}`;
        if (request.type === 'load') {
          return line.cardId ? [] : [{ field: `${field}.cardId`, key: 'required' as const }];
        }
        return line.cardholderId || line.cardholder
          ? []
          : [{ field: `${field}.cardholder`, key: 'cardholderRequired' as const }];
      });
      if (problems.length > 0) {
        throw new AppError('VALIDATION', 'order lines incomplete', { fields: problems.slice(0, 100) });
      }
      const lines: DraftCard[] = request.lines.map((line, index) => ({
        tempCardId: `line-${index}`,
        cardId: request.type === 'load' ? line.cardId! : null,
        cardholderId: request.type === 'new' ? (line.cardholderId ?? null) : null,
        cardholder: request.type === 'new' && !line.cardholderId ? (line.cardholder ?? null) : null,
        cardName: request.type === 'new' ? line.cardName : '',
        amountCents: line.amountCents,
      }));
      return placeDrafts(caller, locale, idempotency, request, request, [
        {
          kind: request.type,
          orderType: request.type === 'load' ? 'LOAD' : 'NEW',
          product: request.product,
          family: request.family,
          alias: request.alias || `API ${caller.name}`.slice(0, 70),
          lines,
        },
      ]);
    },

    /**
     * `POST /loads/bulk`: up to 10,000 lines judged by the Excel rows' rules (`judgeJsonLines`);
     * any line in error refuses the whole request naming the lines (nothing is made), the rest
     * become the drafts an Excel conversion would make and, with a payment method, orders.
     */
    async bulkLoad(
      caller: ApiCaller,
      request: PublicBulkLoad,
      idempotency: IdempotencyOptions,
      locale: Locale,
    ) {
      scopeOf(caller, idempotency, request);
      const { good, problems } = await judgeJsonLines(
        { cards: deps.cards, now },
        deps.db,
        caller.companyId,
        request.purpose,
        request.lines,
        locale,
      );
      if (problems.length > 0) {
        throw new AppError('BUSINESS_RULE', `${problems.length} bulk line problem(s)`, { fields: problems });
      }
      const groups = draftGroupsOf(good);
      const alias = request.alias || `API ${caller.name}`.slice(0, 60);
      const plans = groups.map((group: GoodLine[], index): DraftPlan => {
        const first = group[0]!;
        return {
          kind: first.kind,
          orderType: first.kind === 'load' ? 'BULK_LOAD' : 'NEW',
          product: first.product,
          family: first.family,
          alias: groups.length > 1 ? `${alias} (${index + 1}/${groups.length})` : alias,
          lines: group.map((entry) => ({ ...entry.line, tempCardId: `line-${entry.index}` })),
        };
      });
      return placeDrafts(caller, locale, idempotency, request, request, plans);
    },

    /** `POST /order-drafts/{id}/submit`: a kept draft submitted, once per key. */
    async submitDraft(
      caller: ApiCaller,
      draftId: string,
      paymentMethod: PaymentKind | null,
      idempotency: IdempotencyOptions,
      locale: Locale,
    ) {
      scopeOf(caller, idempotency, { draftId, paymentMethod });
      return deps.orders.submit(
        actorOf(caller, locale),
        { draftId, ...(paymentMethod ? { method: paymentMethod } : {}) },
        idempotency,
      );
    },

    async balance(caller: ApiCaller): Promise<PublicBalance> {
      const at = now();
      const [figures, awaiting] = await Promise.all([
        companyMoneyFigures(deps.db, caller.companyId),
        deps.orders.overview(caller.companyId),
      ]);
      return {
        companyId: caller.companyId,
        ...figures,
        awaitingPaymentCents: awaiting.awaitingPayment.reduce((sum, order) => sum + order.totalCents, 0),
        at: at.toISOString(),
      };
    },

    async statement(caller: ApiCaller, query: PublicStatementQuery) {
      const position = decodeCursor(query.cursor, /^\d{4}-\d\d-\d\dT[\d:.]+Z\|[0-9a-f-]{36}$/);
      const [postedAt = '', transactionId = ''] = position?.split('|') ?? [];
      const after = position === null ? null : { postedAt: new Date(postedAt), transactionId };
      const rows = await companyStatementPage(deps.db, caller.companyId, {
        after,
        from: query.from ? athensMidnight(query.from) : undefined,
        to: query.to ? athensMidnight(dayAfter(query.to)) : undefined,
        limit: query.limit + 1,
      });
      const more = rows.length > query.limit;
      const shown = more ? rows.slice(0, query.limit) : rows;
      const last = shown[shown.length - 1];
      return {
        data: shown.map((row) => ({ ...row, postedAt: row.postedAt.toISOString() })),
        nextCursor:
          more && last ? encodeCursor(`${last.postedAt.toISOString()}|${last.transactionId}`) : null,
      };
    },
  };
}

export type PublicApiService = ReturnType<typeof createPublicApiService>;
