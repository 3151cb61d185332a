import { REPLACING_TYPES, shipsCards, usesExistingCards, type OrderType } from '@tessera/domain';
import type { CardsService } from '../cards';
import type { InvoicingService } from '../invoicing';
import type { LedgerService } from '../ledger';
import { addEvent, linesOf, setLineCard, updateOrder, type OrderRow } from './repository';
import type { Executor } from '../../platform/db';
import { publishEvent } from '../webhooks';

export type FulfilDeps = {
  cards: CardsService;
  ledger: LedgerService;
  /** Issue 37 (ADR 059): the invoice of the order's fees, in the payment's transaction. */
  invoicing?: Pick<InvoicingService, 'invoiceOrderFees'>;
};

/**
 * What happens when an order is paid, in the caller's transaction together with the payment's and
 * the order's status change (ADR 010; ARCHITECTURE §4):
 *
 * 1. `payment`: the bank → the company's funding account, the whole amount paid;
 * 2. `fee`: funding → fee income (net fees) and VAT owed (VAT on fees);
 * 3. new cards are created (replacements for the same cardholder, name, product and family); a
 *    replaced card is closed and its balance moved to its successor (`transfer`);
 * 4. `load`: funding → each card, the line's amount;
 * 5. the services invoice of the fees, from the amounts of the `fee` posting (issue 37, ADR 059),
 *    numbered in this transaction and sent to AADE by the invoicing job after commit.
 *
 * Every posting carries an idempotency key made of the order id, so a second run for the same order
 * is refused by the ledger's unique index whatever called it: money moves exactly once. Lines whose
 * card cannot take money any more (replaced or closed since the order was submitted) are not loaded;
 * their amount stays on the company's funding account and the timeline says so.
 *
 * Answers the order as it now is, and how many cards a load credited (for the metrics, counted by
 * the caller once its transaction commits).
 */
export async function fulfilOrder(
  deps: FulfilDeps,
  tx: Executor,
  order: OrderRow,
  paidBy: string | null,
  at: Date,
): Promise<{ order: OrderRow; cardsLoaded: number }> {
  const { ledger, cards } = deps;
  const reference = `#${order.number}`;
  // One after another: a transaction is one connection.
  const bank = await ledger.bankAccount(tx);
  const funding = await ledger.companyFundingAccount(tx, order.companyId);
  const fees = await ledger.feesAccount(tx);
  const vat = await ledger.vatAccount(tx);
  const key = (what: string) => `order:${order.id}:${what}`;

  await ledger.post(tx, {
    kind: 'payment',
    companyId: order.companyId,
    reference,
    description: `payment of order ${reference}`,
    idempotencyKey: key('payment'),
    createdBy: paidBy,
    postedAt: at,
    entries: [
      { accountId: bank, amountCents: -order.totalCents },
      { accountId: funding, amountCents: order.totalCents },
    ],
  });
  const feeEntries = [
    { accountId: fees, amountCents: order.price.feesNetCents },
    { accountId: vat, amountCents: order.price.vatCents },
  ].filter((entry) => entry.amountCents !== 0);
  let feeTransactionId: string | null = null;
  if (feeEntries.length > 0) {
    feeTransactionId = await ledger.post(tx, {
      kind: 'fee',
      companyId: order.companyId,
      reference,
      description: `fees and VAT of order ${reference}`,
      idempotencyKey: key('fees'),
      createdBy: paidBy,
      postedAt: at,
      entries: [
        { accountId: funding, amountCents: -(order.price.feesNetCents + order.price.vatCents) },
        ...feeEntries,
      ],
    });
  }

  const lines = await linesOf(tx, order.id);
  const orderType = order.orderType as OrderType;
  const replacing = REPLACING_TYPES.includes(orderType);
  const existing = usesExistingCards(orderType)
    ? await cards.lockCardsOfCompany(
        tx,
        order.companyId,
        lines.flatMap((line) => (line.cardId ? [line.cardId] : [])),
      )
    : [];
  const existingById = new Map(existing.map((card) => [card.id, card]));
  const skipped: number[] = [];

  /** Each line's card account to load, once the cards exist. */
  const accountOfLine = new Map<number, string>();

  if (!usesExistingCards(orderType)) {
    const created = await cards.createCards(
      tx,
      order.companyId,
      lines.map((line) => ({
        product: order.product,
        family: order.family,
        cardholder: line.cardholderId ? { cardholderId: line.cardholderId } : line.cardholder!,
        ...(line.cardName ? { cardName: line.cardName } : {}),
        // Complimentary cards wait, blocked, until the company hands them out and activates them
        // (activateComplimentOrder); their money is on them already.
        ...(order.product === 'COPMLIMENT' ? { status: 'blocked' as const } : {}),
        createdAt: at,
      })),
    );
    for (const [index, line] of lines.entries()) {
      const card = created[index]!;
      await setLineCard(tx, order.id, line.position, card.id);
      accountOfLine.set(line.position, card.accountId);
    }
  } else if (replacing) {
    const live = lines.filter((line) => {
      const card = line.cardId ? existingById.get(line.cardId) : undefined;
      const ok = card !== undefined && card.status !== 'replaced';
      if (!ok) skipped.push(line.position);
      return ok;
    });
    const oldCards = live.map((line) => existingById.get(line.cardId!)!);
    const created = await cards.createCards(
      tx,
      order.companyId,
      oldCards.map((card) => ({
        product: order.product,
        family: order.family,
        cardholder: { cardholderId: card.cardholderId },
        cardName: card.cardName,
        createdAt: at,
      })),
    );
    const balances = await ledger.balances(
      tx,
      oldCards.map((card) => card.accountId),
    );
    await cards.closeCards(
      tx,
      order.companyId,
      oldCards.map((card) => card.id),
      'replaced',
    );
    const transfers: { accountId: string; amountCents: number }[] = [];
    for (const [index, line] of live.entries()) {
      const oldCard = oldCards[index]!;
      const newCard = created[index]!;
      // The line keeps both: the card that took the place and the card closed.
      await setLineCard(tx, order.id, line.position, newCard.id, oldCard.id);
      accountOfLine.set(line.position, newCard.accountId);
      const balance = balances.get(oldCard.accountId) ?? 0;
      if (balance > 0) {
        transfers.push({ accountId: oldCard.accountId, amountCents: -balance });
        transfers.push({ accountId: newCard.accountId, amountCents: balance });
      }
    }
    if (transfers.length > 0) {
      await ledger.post(tx, {
        kind: 'transfer',
        companyId: order.companyId,
        reference,
        description: `balances of replaced cards to their successors, order ${reference}`,
        idempotencyKey: key('transfer'),
        createdBy: paidBy,
        postedAt: at,
        entries: transfers,
      });
    }
  } else {
    for (const line of lines) {
      const card = line.cardId ? existingById.get(line.cardId) : undefined;
      if (card && (card.status === 'active' || card.status === 'blocked')) {
        accountOfLine.set(line.position, card.accountId);
      } else if (line.amountCents > 0) {
        skipped.push(line.position);
      }
    }
  }

  const loads = lines.flatMap((line) => {
    const accountId = accountOfLine.get(line.position);
    return accountId && line.amountCents > 0 ? [{ accountId, amountCents: line.amountCents }] : [];
  });
  const loadedCents = loads.reduce((sum, entry) => sum + entry.amountCents, 0);
  if (loads.length > 0) {
    await ledger.post(tx, {
      kind: 'load',
      companyId: order.companyId,
      reference,
      description: `loads of order ${reference}`,
      idempotencyKey: key('load'),
      createdBy: paidBy,
      postedAt: at,
      entries: [{ accountId: funding, amountCents: -loadedCents }, ...loads],
    });
    // Issue 22 §3 (ADR 035): the cards the order loaded, in the payment's transaction.
    const loadedLines = (await linesOf(tx, order.id)).filter(
      (line) => accountOfLine.has(line.position) && line.amountCents > 0 && line.cardId,
    );
    await publishEvent(tx, {
      companyId: order.companyId,
      type: 'cards.loaded',
      at,
      data: {
        orderId: order.id,
        orderNumber: order.number,
        totalLoadedCents: loadedCents,
        cards: loadedLines.map((line) => ({ cardId: line.cardId, amountCents: line.amountCents })),
      },
    });
  }

  // What makes the invoice due: the order paid. Its amounts are the `fee` posting's (ADR 056).
  await deps.invoicing?.invoiceOrderFees(tx, {
    orderId: order.id,
    orderNumber: order.number,
    companyId: order.companyId,
    locale: order.locale,
    price: order.price,
    at,
    paidBy,
    ledgerTransactionId: feeTransactionId,
  });
  await addEvent(tx, { orderId: order.id, status: 'paid', by: paidBy, at });
  const ships = shipsCards({ orderType, family: order.family });
  // Lines whose card was closed since submission: their amounts stay on the company balance. They
  // are named as the order's card list numbers them, from 1.
  const note =
    skipped.length > 0
      ? { code: 'linesNotLoaded' as const, lines: skipped.map((position) => position + 1) }
      : null;
  if (ships) {
    await addEvent(tx, { orderId: order.id, status: 'in_production', by: null, at, note });
  } else {
    await addEvent(tx, { orderId: order.id, status: 'loaded', by: null, at, note });
  }
  const paid = await updateOrder(tx, order.id, { status: ships ? 'in_production' : 'loaded' });
  return { order: paid, cardsLoaded: loads.length };
}
