import { randomBytes, randomInt } from 'node:crypto';
import {
  addDays,
  athensDate,
  CARD_STATUSES,
  EXPIRING_WINDOW_DAYS,
  foldForSearch,
  isExpiringSoon,
  isFamilyOfProduct,
  isReadyToTopUp,
  LIVE_CARD_STATUSES,
  maskCardNumber,
  normalizeGreekPhone,
  PRODUCTS,
  startOfAthensMonth,
  type Card,
  type CardCategory,
  type CardFamily,
  type Cardholder,
  type CardFilter,
  type CardFilterResponse,
  type CardsKpisResponse,
  type CardStatus,
  type CardSummary,
  type Locale,
  type NotificationStatusResponse,
  type Product,
  type UpdateCardholderRequest,
} from '@tessera/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { LedgerService } from '../ledger/service';
import {
  cardsOfCardholder,
  countCardsByStatus,
  filterCardPage,
  findCardDetails,
  findCardDetailsOfCompany,
  findCardReferences,
  findCardholderCandidates,
  findCardholdersByKeys,
  findCardholderIdsOfCompany,
  findCardholderOfCompany,
  findCardOfCompany,
  findProducts,
  findReadyToTopUpCards,
  insertCardholders,
  insertCards,
  summarizeCards,
  updateCardholderRow,
  updateCardRow,
  type CardClock,
  type CardDetailRow,
  type CardholderRow,
  type CardRow,
  type Executor,
} from './repository';
import { cards } from './schema';

export type CardsService = ReturnType<typeof createCardsService>;

/** A card as a bulk file names it: enough to judge a load of it (ADR 011). */
export type CardReference = Pick<
  Card,
  'cardId' | 'product' | 'family' | 'status' | 'expiryDate' | 'bin' | 'last4' | 'replacedByCardId'
> & { cardholder: Pick<Cardholder, 'firstName' | 'lastName' | 'employeeCode' | 'email'> };

/** Who changes something, for the audit log. */
export type CardActor = { userId: string; companyId: string; requestId?: string };

export type NewCardholder = {
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
  employeeCode?: string;
  taxId?: string;
};

export type NewCard = {
  product: CardCategory;
  family: CardFamily;
  /** An existing cardholder of the company, or a new one. */
  cardholder: { cardholderId: string } | NewCardholder;
  cardName?: string;
  status?: CardStatus;
  /** Defaults to the end of the month `validityMonths` from now. */
  expiryDate?: string;
  createdAt?: Date;
};

export function cardClock(now: Date = new Date()): CardClock {
  const today = athensDate(now);
  return { today, expiringUntil: addDays(today, EXPIRING_WINDOW_DAYS), monthStart: startOfAthensMonth(now) };
}

/** The folded texts a card is found and sorted by. */
export function cardSearchFields(
  holder: Pick<CardholderRow, 'firstName' | 'lastName' | 'email' | 'employeeCode'>,
  card: Pick<CardRow, 'cardName' | 'last4'>,
): { searchText: string; holderSort: string } {
  return {
    searchText: foldForSearch(
      `${holder.firstName} ${holder.lastName} ${holder.email} ${holder.employeeCode} ${card.cardName} ${card.last4}`,
    ),
    holderSort: foldForSearch(`${holder.lastName} ${holder.firstName}`),
  };
}

function cardholderSearchText(
  holder: Pick<CardholderRow, 'firstName' | 'lastName' | 'email' | 'employeeCode' | 'taxId'>,
) {
  return foldForSearch(
    `${holder.firstName} ${holder.lastName} ${holder.email} ${holder.employeeCode} ${holder.taxId}`,
  );
}

/** The last day of the month `months` after `now` (cards expire at a month's end). */
export function expiryAfterMonths(months: number, now: Date = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months + 1, 0));
  return date.toISOString().slice(0, 10);
}

function toCardholder(row: CardholderRow): Cardholder {
  return {
    cardholderId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    employeeCode: row.employeeCode,
    taxId: row.taxId,
  };
}

function toCard(row: CardDetailRow, now: Date): Card {
  const { card } = row;
  const lastLoadedAt = row.lastLoadAt ? row.lastLoadAt.toISOString() : null;
  return {
    cardId: card.id,
    product: card.product,
    family: card.family,
    cardName: card.cardName,
    status: card.status,
    expiryDate: card.expiryDate,
    bin: card.bin,
    last4: card.last4,
    maskedNumber: maskCardNumber(card.bin, card.last4),
    balanceCents: row.balanceCents,
    lastLoadedAt,
    expiringSoon: isExpiringSoon(card, now),
    readyToTopUp: isReadyToTopUp({ status: card.status, expiryDate: card.expiryDate, lastLoadedAt }, now),
    replacedByCardId: card.replacedByCardId,
    cardholder: toCardholder(row.holder),
    createdAt: card.createdAt.toISOString(),
  };
}

/** What a total depends on: the filters (not the page or the order) and the day and month. */
function totalKey(filter: CardFilter, folded: string, clock: CardClock): string {
  return JSON.stringify([
    filter.product ?? null,
    filter.family ?? null,
    filter.status ?? null,
    filter.expiringSoon ?? false,
    filter.readyToTopUp ?? false,
    filter.cardIds ?? null,
    folded,
    clock.today,
  ]);
}

/** How long a counted total is reused while the user pages and sorts (ADR 008). */
const TOTAL_TTL_MS = 15_000;
const TOTAL_CACHE_SIZE = 2_000;

/**
 * Totals of the card list by company and filter, reused for a few seconds: paging through or
 * re-sorting 100,000 cards then costs one indexed page read, not a count of every matching card.
 * Concurrent requests for one total share one count; a change to the company's cards in this
 * process forgets its totals at once (another instance's change shows within the TTL).
 */
function createTotalsCache() {
  const entries = new Map<string, { companyId: string; expires: number; total: Promise<number> }>();
  return {
    get(companyId: string, key: string, count: () => Promise<number>): Promise<number> {
      const id = `${companyId}\u0000${key}`;
      const hit = entries.get(id);
      if (hit && hit.expires > Date.now()) return hit.total;
      if (entries.size >= TOTAL_CACHE_SIZE) entries.delete(entries.keys().next().value!);
      const total = count();
      entries.set(id, { companyId, expires: Date.now() + TOTAL_TTL_MS, total });
      total.catch(() => entries.delete(id));
      return total;
    },
    forget(companyId: string): void {
      for (const [id, entry] of entries) if (entry.companyId === companyId) entries.delete(id);
    },
  };
}

/**
 * Cards and cardholders of a company (SPEC §3, §7 accounts: cardFilter, retrieveCardSummaries,
 * retrieveCardsKpis, updateCardholder, account/card-name; the notification status). Every read and
 * write is scoped by the company the route resolved; a card of another company is "not found".
 */
export function createCardsService(deps: { db: Db; ledger: LedgerService; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const totals = createTotalsCache();

  async function detailOf(db: Executor, cardId: string): Promise<Card> {
    const [row] = await findCardDetails(db, [cardId]);
    if (!row) throw new AppError('NOT_FOUND', `no card ${cardId}`);
    return toCard(row, now());
  }

  return {
    /** Forgets the counted totals of a company's card list (after loads change who is due). */
    forgetTotals(companyId: string): void {
      totals.forget(companyId);
    },

    /** The product catalogue in `locale`. */
    async products(locale: Locale): Promise<Product[]> {
      const rows = await findProducts(deps.db);
      return rows.map((row) => ({
        product: row.code,
        name: locale === 'en' ? row.nameEn : row.nameEl,
        families: row.families,
        minLoadCents: row.minLoadCents,
        maxLoadCents: row.maxLoadCents,
        validityMonths: row.validityMonths,
      }));
    },

    /** One page of the company's cards (server-side filter, sort and pagination). */
    async filterCards(companyId: string, filter: CardFilter): Promise<CardFilterResponse> {
      const at = now();
      const clock = cardClock(at);
      const folded = foldForSearch(filter.search);
      const { rows, total } = await filterCardPage(deps.db, companyId, filter, folded, clock, {
        total: (count) => totals.get(companyId, totalKey(filter, folded, clock), count),
      });
      return {
        success: true,
        cards: rows.map((row) => toCard(row, at)),
        total,
        page: filter.page,
        pageSize: filter.pageSize,
      };
    },

    async getCard(companyId: string, cardId: string): Promise<Card> {
      if (!(await findCardOfCompany(deps.db, companyId, cardId)))
        throw new AppError('NOT_FOUND', `no card ${cardId}`);
      return detailOf(deps.db, cardId);
    },

    /**
     * The company's cards among `cardIds` (others, and unknown ids, are left out), read in the
     * caller's transaction: the orders module checks a draft's lines against them.
     */
    async cardsOfCompany(db: Executor, companyId: string, cardIds: string[]): Promise<Card[]> {
      const at = now();
      return (await findCardDetailsOfCompany(db, companyId, cardIds)).map((row) => toCard(row, at));
    },

    /**
     * The company's cards among `cardIds` with their ledger accounts, locked until the caller's
     * transaction ends (a paid order replaces or loads them).
     */
    async lockCardsOfCompany(
      db: Executor,
      companyId: string,
      cardIds: string[],
    ): Promise<
      Pick<CardRow, 'id' | 'accountId' | 'status' | 'cardholderId' | 'cardName' | 'product' | 'family'>[]
    > {
      if (cardIds.length === 0) return [];
      return db
        .select({
          id: cards.id,
          accountId: cards.accountId,
          status: cards.status,
          cardholderId: cards.cardholderId,
          cardName: cards.cardName,
          product: cards.product,
          family: cards.family,
        })
        .from(cards)
        .where(and(eq(cards.companyId, companyId), inArray(cards.id, [...new Set(cardIds)])))
        .for('update');
    },

    /** Activates the company's cards among `cardIds` that wait for activation (blocked); answers how many. */
    async activateCards(db: Executor, companyId: string, cardIds: string[]): Promise<number> {
      if (cardIds.length === 0) return 0;
      const rows = await db
        .update(cards)
        .set({ status: 'active', updatedAt: now() })
        .where(and(eq(cards.companyId, companyId), inArray(cards.id, cardIds), eq(cards.status, 'blocked')))
        .returning({ id: cards.id });
      totals.forget(companyId);
      return rows.length;
    },

    /** Closes cards a paid order replaced (their money has moved to the new cards). */
    async closeCards(db: Executor, companyId: string, cardIds: string[], status: CardStatus): Promise<void> {
      if (cardIds.length === 0) return;
      await db
        .update(cards)
        .set({ status, updatedAt: now() })
        .where(and(eq(cards.companyId, companyId), inArray(cards.id, cardIds)));
      totals.forget(companyId);
    },

    /** The ids among `cardholderIds` of the company's cardholders, in the caller's transaction. */
    async cardholderIdsOfCompany(
      db: Executor,
      companyId: string,
      cardholderIds: string[],
    ): Promise<Set<string>> {
      return new Set(await findCardholderIdsOfCompany(db, companyId, cardholderIds));
    },

    /**
     * The company's cards of a product and family that are ready to top up (ADR 006, the same rule
     * as the card list's filter), in the list's default order, each with what `load` transactions
     * credited it during the previous Athens month (0 when nothing).
     */
    async readyToTopUpCards(
      db: Executor,
      companyId: string,
      filter: { product: CardCategory; family: CardFamily },
    ): Promise<{ cardId: string; lastMonthLoadCents: number }[]> {
      const clock = cardClock(now());
      // The previous month starts at the Athens month of the day before this month began.
      const lastMonthStart = startOfAthensMonth(new Date(clock.monthStart.getTime() - 12 * 3_600_000));
      const rows = await findReadyToTopUpCards(db, companyId, filter, clock, {
        since: lastMonthStart,
        until: clock.monthStart,
      });
      return rows.map((row) => ({ cardId: row.cardId, lastMonthLoadCents: row.loadedCents }));
    },

    /**
     * The company's cardholders that share an email, tax id or employee code (case and spaces
     * ignored) with, or whose folded name starts with the folded name of, one of `people`; each with
     * the number of their cards. A prefilter for checkCardholder, which decides what matches.
     */
    async cardholderCandidates(
      companyId: string,
      people: { firstName: string; lastName: string; email: string; employeeCode: string; taxId: string }[],
    ): Promise<(Cardholder & { cards: number })[]> {
      const distinct = (values: string[]) => [...new Set(values.filter((value) => value !== ''))];
      const rows = await findCardholderCandidates(deps.db, companyId, {
        emails: distinct(people.map((person) => person.email.trim().toLowerCase())),
        taxIds: distinct(people.map((person) => person.taxId.replace(/\s/g, ''))),
        employeeCodes: distinct(people.map((person) => person.employeeCode.trim().toLowerCase())),
        foldedNames: distinct(
          people.map((person) =>
            person.firstName.trim() && person.lastName.trim()
              ? foldForSearch(`${person.firstName} ${person.lastName}`)
              : '',
          ),
        ),
      });
      return rows.map((row) => ({ ...toCardholder(row), cards: row.cards }));
    },

    /**
     * The company's cards a bulk file names (ADR 011), by id or by last four digits with the
     * cardholder's employee code or email (case ignored), read in the caller's executor: what the
     * rows need to be judged (status, expiry, product, masked number, cardholder), without the
     * ledger. A last-four key may match several cards; the caller decides.
     */
    async cardReferences(
      db: Executor,
      companyId: string,
      named: { ids: string[]; last4Keys: { last4: string; employeeCode: string; email: string }[] },
    ): Promise<CardReference[]> {
      const rows = await findCardReferences(db, companyId, named.ids, named.last4Keys);
      return rows.map((row) => ({
        cardId: row.id,
        product: row.product,
        family: row.family,
        status: row.status,
        expiryDate: row.expiryDate,
        bin: row.bin,
        last4: row.last4,
        replacedByCardId: row.replacedByCardId,
        cardholder: {
          firstName: row.firstName,
          lastName: row.lastName,
          employeeCode: row.employeeCode,
          email: row.email,
        },
      }));
    },

    /**
     * Like `cardholderCandidates`, with exact keys only (email, tax id, employee code, or the folded
     * "last first" name of one of their cards), so a bulk file's thousands of new cardholders are
     * compared in one indexed statement per batch (ADR 011). A prefilter: the caller applies the
     * checkCardholder rule to what it returns.
     */
    async cardholdersLike(
      db: Executor,
      companyId: string,
      people: { firstName: string; lastName: string; email: string; employeeCode: string; taxId: string }[],
    ): Promise<(Cardholder & { cards: number })[]> {
      const distinct = (values: string[]) => [...new Set(values.filter((value) => value !== ''))];
      const rows = await findCardholdersByKeys(db, companyId, {
        emails: distinct(people.map((person) => person.email.trim().toLowerCase())),
        taxIds: distinct(people.map((person) => person.taxId.replace(/\s/g, ''))),
        employeeCodes: distinct(people.map((person) => person.employeeCode.trim().toLowerCase())),
        holderSorts: distinct(
          people.map((person) =>
            person.firstName.trim() && person.lastName.trim()
              ? foldForSearch(`${person.lastName} ${person.firstName}`)
              : '',
          ),
        ),
      });
      return rows.map((row) => ({ ...toCardholder(row), cards: row.cards }));
    },

    async summaries(companyId: string): Promise<CardSummary[]> {
      return summarizeCards(deps.db, companyId, cardClock(now()));
    },

    async kpis(companyId: string): Promise<Omit<CardsKpisResponse, 'success'>> {
      const at = now();
      const monthStart = startOfAthensMonth(at);
      // Months counted on the Athens calendar: in the first hours of a month UTC is still in the last.
      const [year, month] = athensDate(at).split('-').map(Number) as [number, number];
      const midMonth = (back: number) => new Date(Date.UTC(year, month - 1 - back, 15));
      // Six months back: the first day of the month five months before this one.
      const sixMonthsAgo = startOfAthensMonth(midMonth(5));
      const [byStatusMap, summaries, loads] = await Promise.all([
        countCardsByStatus(deps.db, companyId),
        summarizeCards(deps.db, companyId, cardClock(at)),
        deps.ledger.cardLoadsByMonth(deps.db, companyId, sixMonthsAgo),
      ]);
      const byStatus = Object.fromEntries(
        CARD_STATUSES.map((status) => [status, byStatusMap.get(status) ?? 0]),
      ) as Record<CardStatus, number>;
      const months: string[] = [];
      for (let back = 5; back >= 0; back -= 1) {
        const start = startOfAthensMonth(midMonth(back));
        months.push(athensDate(new Date(start.getTime() + 3_600_000 * 12)).slice(0, 7));
      }
      const thisMonth = athensDate(new Date(monthStart.getTime() + 3_600_000 * 12)).slice(0, 7);
      const current = loads.find((row) => row.month === thisMonth);
      return {
        totalCards: [...byStatusMap.values()].reduce((sum, count) => sum + count, 0),
        byStatus,
        totalBalanceCents: summaries.reduce((sum, row) => sum + row.balanceCents, 0),
        loadedThisMonthCents: current?.amountCents ?? 0,
        loadsThisMonth: current?.loads ?? 0,
        expiringSoon: summaries.reduce((sum, row) => sum + row.expiringSoon, 0),
        readyToTopUp: summaries.reduce((sum, row) => sum + row.readyToTopUp, 0),
        loadedByMonth: months.map((month) => ({
          month,
          amountCents: loads.find((row) => row.month === month)?.amountCents ?? 0,
        })),
      };
    },

    /** SPEC §3 notification status: expiring and ready-to-top-up counts per product and family. */
    async notificationStatus(companyId: string): Promise<NotificationStatusResponse> {
      const rows = await summarizeCards(deps.db, companyId, cardClock(now()));
      const count = (
        product: CardCategory,
        family: CardFamily | null,
        field: 'expiringSoon' | 'readyToTopUp',
      ) =>
        rows
          .filter((row) => row.product === product && (family === null || row.family === family))
          .reduce((sum, row) => sum + row[field], 0);
      return {
        success: true,
        soonToExpireCards: {
          plastic: count('TICKET_RESTAURANT', 'plastic', 'expiringSoon'),
          virtual: count('TICKET_RESTAURANT', 'virtual', 'expiringSoon'),
        },
        spendeo: {
          soonToExpireCards: count('SPENDEO', null, 'expiringSoon'),
          readyToTopUpCards: count('SPENDEO', null, 'readyToTopUp'),
        },
        myBenefits: {
          soonToExpireCards: count('MY_BENEFITS', null, 'expiringSoon'),
          readyToTopUpCards: count('MY_BENEFITS', null, 'readyToTopUp'),
        },
        readyToTopUpCards: {
          plastic: count('TICKET_RESTAURANT', 'plastic', 'readyToTopUp'),
          virtual: count('TICKET_RESTAURANT', 'virtual', 'readyToTopUp'),
        },
      };
    },

    /** Changes a cardholder's details (and the search text of their cards), audited. */
    async updateCardholder(request: UpdateCardholderRequest, actor: CardActor): Promise<Cardholder> {
      const result = await deps.db.transaction(async (tx) => {
        const before = await findCardholderOfCompany(tx, actor.companyId, request.cardholderId);
        if (!before) throw new AppError('NOT_FOUND', `no cardholder ${request.cardholderId}`);
        const values = {
          firstName: request.firstName,
          lastName: request.lastName,
          email: (request.email ?? '').toLowerCase(),
          phone: request.phone ? (normalizeGreekPhone(request.phone) ?? request.phone) : '',
          employeeCode: request.employeeCode ?? '',
          taxId: (request.taxId ?? '').replace(/\s/g, ''),
        };
        totals.forget(actor.companyId);
        const after = await updateCardholderRow(tx, before.id, {
          ...values,
          searchText: cardholderSearchText(values),
        });
        for (const card of await cardsOfCardholder(tx, before.id)) {
          await updateCardRow(tx, card.id, cardSearchFields(after, card));
        }
        await writeAudit(tx, {
          actorUserId: actor.userId,
          companyId: actor.companyId,
          action: 'cardholder.update',
          entity: 'cardholder',
          entityId: before.id,
          before: toCardholder(before),
          after: toCardholder(after),
          requestId: actor.requestId,
        });
        return toCardholder(after);
      });
      // Again after commit: a count that ran meanwhile must not keep the old total.
      totals.forget(actor.companyId);
      return result;
    },

    /** Renames a live card, audited; a replaced, lost, damaged or expired card keeps its name. */
    async renameCard(cardId: string, cardName: string, actor: CardActor): Promise<Card> {
      const renamed = await deps.db.transaction(async (tx) => {
        const card = await findCardOfCompany(tx, actor.companyId, cardId);
        if (!card) throw new AppError('NOT_FOUND', `no card ${cardId}`);
        if (!LIVE_CARD_STATUSES.includes(card.status)) {
          throw new AppError('CARD_NOT_EDITABLE', `card ${cardId} is ${card.status}`);
        }
        totals.forget(actor.companyId);
        const holder = await findCardholderOfCompany(tx, actor.companyId, card.cardholderId);
        await updateCardRow(tx, card.id, {
          cardName,
          ...cardSearchFields(holder!, { cardName, last4: card.last4 }),
        });
        await writeAudit(tx, {
          actorUserId: actor.userId,
          companyId: actor.companyId,
          action: 'card.rename',
          entity: 'card',
          entityId: card.id,
          before: { cardName: card.cardName },
          after: { cardName },
          requestId: actor.requestId,
        });
        return detailOf(tx, card.id);
      });
      totals.forget(actor.companyId);
      return renamed;
    },

    /**
     * Creates cards (with new cardholders where given) and their empty ledger accounts, in the
     * caller's transaction. Only the processor's token, the BIN and the last four digits are kept.
     * Used by the demo seed now, by paid orders later.
     */
    async createCards(db: Executor, companyId: string, inputs: NewCard[]): Promise<CardRow[]> {
      for (const input of inputs) {
        if (!isFamilyOfProduct(input.product, input.family)) {
          throw new AppError(
            'PRODUCT_FAMILY_MISMATCH',
            `${input.family} is not a family of ${input.product}`,
          );
        }
      }
      const newHolders = inputs.flatMap((input) =>
        'cardholderId' in input.cardholder ? [] : [input.cardholder],
      );
      const insertedHolders = await insertCardholders(
        db,
        newHolders.map((holder) => {
          const values = {
            companyId,
            firstName: holder.firstName,
            lastName: holder.lastName,
            email: (holder.email ?? '').toLowerCase(),
            phone: holder.phone ? (normalizeGreekPhone(holder.phone) ?? holder.phone) : '',
            employeeCode: holder.employeeCode ?? '',
            taxId: holder.taxId ?? '',
          };
          return { ...values, searchText: cardholderSearchText(values) };
        }),
      );
      const existingIds = inputs.flatMap((input) =>
        'cardholderId' in input.cardholder ? [input.cardholder.cardholderId] : [],
      );
      const existing = new Map<string, CardholderRow>();
      for (const id of new Set(existingIds)) {
        const holder = await findCardholderOfCompany(db, companyId, id);
        if (!holder) throw new AppError('NOT_FOUND', `no cardholder ${id}`);
        existing.set(id, holder);
      }
      totals.forget(companyId);
      const accountIds = await deps.ledger.openCardAccounts(db, companyId, inputs.length);
      let next = 0;
      const rows = inputs.map((input, index) => {
        const holder =
          'cardholderId' in input.cardholder
            ? existing.get(input.cardholder.cardholderId)!
            : insertedHolders[next++]!;
        const cardName =
          input.cardName ??
          `${holder.firstName} ${holder.lastName}`
            .normalize('NFD')
            .replace(/\p{M}/gu, '')
            .toUpperCase()
            .slice(0, 26);
        const last4 = String(randomInt(0, 10_000)).padStart(4, '0');
        return {
          companyId,
          product: input.product,
          family: input.family,
          cardholderId: holder.id,
          cardName,
          status: input.status ?? ('active' as const),
          expiryDate: input.expiryDate ?? expiryAfterMonths(PRODUCTS[input.product].validityMonths, now()),
          token: `tok_${randomBytes(16).toString('hex')}`,
          bin: PRODUCTS[input.product].bin,
          last4,
          accountId: accountIds[index]!,
          ...cardSearchFields(holder, { cardName, last4 }),
          ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
        };
      });
      return insertCards(db, rows);
    },
  };
}
