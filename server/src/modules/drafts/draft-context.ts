import {
  athensDate,
  isDraftMaxReached,
  usesExistingCards,
  termsWithContract,
  type CardCategory,
  type CardFamily,
  type CreateBundleDraftRequestSchema,
  type DeleteDraftCardsRequestSchema,
  type DeliveryPoint,
  type DraftCard,
  type DraftCardsRequestSchema,
  type DraftOrder,
  type PricingTerms,
  type SaveDraftOrderRequestSchema,
} from '@tessera/domain';
import type { z } from 'zod';
import { auditChange, auditOf } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { makersOf, type Maker } from '../../platform/makers';
import { AppError, type FieldProblem } from '../../platform/errors';
import type { CardsService } from '../cards';
import type { ContractsService } from '../contracts';
import type { DeliveryPointsService } from '../delivery-points';
import type { IdentityService } from '../identity';
import { headerOf, toDraftCard, toDraftOrder } from './draft-view';
import {
  countDrafts,
  findDraft,
  findDraftCards,
  insertDraft,
  insertDraftCards,
  lockCompanyDrafts,
  type DraftRow,
  type Executor,
} from './repository';
import { lineProblems, type DraftHeaderFacts, type LineToCheck } from './validate-lines';

/** What the drafts module uses of the platform and of the other modules (through their services). */
export type DraftsDeps = {
  db: Db;
  cards: CardsService;
  deliveryPoints: DeliveryPointsService;
  contracts: ContractsService;
  identity: IdentityService;
  /**
   * The company's own price terms (its settings, ADR 024) under its contracts; the provider's
   * defaults when not given.
   */
  companyPricing?: (companyId: string) => Promise<PricingTerms>;
  /** The products the company may order (its settings, ADR 024); every product when not given. */
  companyProducts?: (companyId: string) => Promise<readonly CardCategory[]>;
  now?: () => Date;
};

/**
 * Who changes a draft, for the audit log; the company is the one the route resolved. `madeBy`: the
 * people behind the actor (an API client's, a recurring rule's, a bulk file's: ADR 040), makers of
 * the draft with it.
 */
export type DraftActor = Maker & { companyId: string; requestId?: string };

export type { IdempotencyOptions } from '../../platform/idempotency';

// Requests as the routes hand them over: parsed, defaults applied.
export type SaveDraftOrder = z.output<typeof SaveDraftOrderRequestSchema>;
export type DraftHeader = Omit<SaveDraftOrder, 'cards'>;

/** The draft row a header makes for an actor: what a new draft stores of the request. */
export function draftRowOf(header: DraftHeader, actor: DraftActor) {
  return {
    companyId: actor.companyId,
    reason: header.reason,
    orderType: header.orderType,
    product: header.product,
    family: header.family,
    alias: header.draftOrderAlias,
    invoiceComments: header.invoiceComments,
    deliveryPointId: header.deliveryPointId,
    bulkAmountCents: header.bulkAmountCents,
    expiringDate: header.expiringDate,
    createdBy: actor.userId,
    madeBy: makersOf(actor),
  };
}
export type DraftCards = z.output<typeof DraftCardsRequestSchema>;
export type DeleteDraftCards = z.output<typeof DeleteDraftCardsRequestSchema>;
export type CreateBundleDraft = z.output<typeof CreateBundleDraftRequestSchema>;

/** At most this many field problems are reported at once: enough to fix a page of lines. */
const MAX_REPORTED_PROBLEMS = 100;

export type DraftContext = ReturnType<typeof createDraftContext>;

/**
 * What the draft operations share: pricing terms, the view of a draft, the line checks, the draft
 * limit and the audit. Reads inside a write go through its transaction (`tx`): on the embedded
 * database a second connection would wait for the transaction that waits for it.
 */
export function createDraftContext(deps: DraftsDeps) {
  const now = deps.now ?? (() => new Date());

  /**
   * The company's pricing for a product and family: its active contract's fees over the company's
   * own terms (its settings), else the provider's defaults.
   */
  async function termsOf(
    companyId: string,
  ): Promise<(product: CardCategory, family: CardFamily) => PricingTerms> {
    const today = athensDate(now());
    const base = deps.companyPricing ? await deps.companyPricing(companyId) : undefined;
    const contracts = (await deps.contracts.contracts(companyId)).filter(
      (contract) =>
        contract.status === 'active' &&
        contract.validFrom <= today &&
        (contract.validTo === null || contract.validTo >= today),
    );
    return (product, family) =>
      termsWithContract(family, contracts.find((contract) => contract.product === product) ?? null, base);
  }

  /** A 400 naming `product` when the company may not order it (its settings, ADR 024). */
  async function checkProductAllowed(companyId: string, product: CardCategory): Promise<void> {
    if (!deps.companyProducts) return;
    if (!(await deps.companyProducts(companyId)).includes(product)) {
      throw new AppError('VALIDATION', `${companyId} may not order ${product}`, {
        fields: [{ field: 'product', key: 'invalidChoice' }],
      });
    }
  }

  /** The company's delivery point, or a 400 naming the field (a foreign or unknown id). */
  async function deliveryPointOf(companyId: string, id: string | null): Promise<DeliveryPoint | null> {
    if (id === null) return null;
    try {
      return await deps.deliveryPoints.getDeliveryPoint(companyId, id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw new AppError('VALIDATION', `delivery point ${id} is not of ${companyId}`, {
          fields: [{ field: 'deliveryPointId', key: 'invalidChoice' }],
        });
      }
      throw error;
    }
  }

  /** A draft as the API shows it, read with `db` (the caller's transaction, or the pool). */
  async function view(
    db: Executor,
    row: DraftRow,
    deliveryPoint: DeliveryPoint | null,
    terms: PricingTerms,
  ): Promise<DraftOrder> {
    const lines = (await findDraftCards(db, row.id)).map(toDraftCard);
    const cardIds = lines.flatMap((line) => (line.cardId ? [line.cardId] : []));
    const cards = await deps.cards.cardsOfCompany(db, row.companyId, cardIds);
    return toDraftOrder(row, lines, new Map(cards.map((card) => [card.cardId, card])), deliveryPoint, terms);
  }

  function refuse(problems: FieldProblem[], what: string): never {
    throw new AppError('VALIDATION', `${what}: ${problems.length} problem(s)`, {
      fields: problems.slice(0, MAX_REPORTED_PROBLEMS),
    });
  }

  /** Checks lines against the company's cards and cardholders, read in `tx`; throws 400 on any problem. */
  async function checkLines(
    tx: Executor,
    companyId: string,
    header: DraftHeaderFacts,
    checked: LineToCheck[],
    all: readonly DraftCard[],
  ): Promise<void> {
    const existing = usesExistingCards(header.orderType);
    const cards = existing
      ? await deps.cards.cardsOfCompany(
          tx,
          companyId,
          checked.flatMap((entry) => (entry.card.cardId ? [entry.card.cardId] : [])),
        )
      : [];
    const holders = existing
      ? new Set<string>()
      : await deps.cards.cardholderIdsOfCompany(
          tx,
          companyId,
          checked.flatMap((entry) => (entry.card.cardholderId ? [entry.card.cardholderId] : [])),
        );
    const problems = lineProblems(
      header,
      checked,
      all,
      new Map(cards.map((card) => [card.cardId, card])),
      holders,
      now(),
    );
    if (problems.length > 0) refuse(problems, 'draft lines refused');
  }

  /** `tempCardId`s given twice in one request: the later one is named. */
  function repeatedIds(ids: readonly string[], field: (index: number) => string): FieldProblem[] {
    const seen = new Set<string>();
    return ids.flatMap((id, index) => {
      if (!seen.has(id)) {
        seen.add(id);
        return [];
      }
      return [{ field: field(index), key: 'lineExists' as const }];
    });
  }

  /**
   * Claims room for one more draft: serialises the company's draft creations for the rest of the
   * transaction and refuses when it already holds over 99 (SPEC §4, §9; 422 code 60). The flag and
   * the refusal agree: `isMaxReached` is true exactly when the next creation is refused.
   */
  async function claimDraftSlot(tx: Executor, companyId: string): Promise<void> {
    await lockCompanyDrafts(tx, companyId);
    const total = await countDrafts(tx, companyId);
    if (isDraftMaxReached(total)) {
      throw new AppError('DRAFT_LIMIT_REACHED', `${companyId} holds ${total} drafts`);
    }
  }

  /** Inserts a new draft and its lines after checking them, audited; in the caller's transaction. */
  async function insertNewDraft(
    tx: Executor,
    header: DraftHeader,
    lines: DraftCard[],
    actor: DraftActor,
  ): Promise<DraftRow> {
    const repeated = repeatedIds(
      lines.map((line) => line.tempCardId),
      (index) => `cards.${index}.tempCardId`,
    );
    if (repeated.length > 0) refuse(repeated, 'repeated lines');
    await checkLines(
      tx,
      actor.companyId,
      header,
      lines.map((card, index) => ({ card, field: `cards.${index}`, line: index + 1 })),
      lines,
    );
    const row = await insertDraft(tx, draftRowOf(header, actor));
    await insertDraftCards(
      tx,
      lines.map((line, position) => ({ draftId: row.id, ...line, position })),
    );
    await auditChange(tx, actor, {
      action: 'draft.create',
      entity: 'draft-order',
      entityId: row.id,
      after: { ...headerOf(row), cards: lines },
    });
    return row;
  }

  /** Locks a draft of the company for the rest of the transaction, or 404. */
  async function lockDraft(tx: Executor, companyId: string, draftId: string): Promise<DraftRow> {
    const row = await findDraft(tx, companyId, draftId, { forUpdate: true });
    if (!row) throw new AppError('NOT_FOUND', `no draft ${draftId} in ${companyId}`);
    return row;
  }

  const audit = auditOf('draft-order');

  return {
    deps,
    now,
    termsOf,
    deliveryPointOf,
    view,
    refuse,
    checkLines,
    repeatedIds,
    claimDraftSlot,
    insertNewDraft,
    lockDraft,
    audit,
    checkProductAllowed,
  };
}
