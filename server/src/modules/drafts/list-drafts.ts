import {
  isDraftMaxReached,
  MAX_DRAFT_ORDERS,
  priceOrder,
  type CompanyMaxDraftOrdersResponse,
  type DraftOrdersResponse,
} from '@tessera/domain';
import type { DraftContext } from './draft-context';
import { countDrafts, lineAmountsByDraft, listDrafts } from './repository';

/**
 * The company's drafts, most recently changed first, each priced. No drafts is an empty list,
 * not an error (issue 13 §10: a 404 showed as a failed request in every browser console; code
 * 40 stays in the catalogue for callers that still send it).
 */
export async function listDraftOrders(
  ctx: DraftContext,
  companyId: string,
): Promise<Omit<DraftOrdersResponse, 'success'>> {
  const rows = await listDrafts(ctx.deps.db, companyId);
  if (rows.length === 0) return { draftOrders: [], total: 0, isMaxReached: false };
  const [amounts, terms, users] = await Promise.all([
    lineAmountsByDraft(ctx.deps.db, companyId),
    ctx.termsOf(companyId),
    ctx.deps.identity.usersByIds([...new Set(rows.map((row) => row.createdBy))]),
  ]);
  const names = new Map(users.map((user) => [user.userId, `${user.firstName} ${user.lastName}`]));
  const linesOf = new Map<string, { tempCardId: string; amountCents: number }[]>();
  for (const group of amounts) {
    const lines = linesOf.get(group.draftId) ?? [];
    for (let n = 0; n < group.lines; n += 1) lines.push({ tempCardId: '', amountCents: group.amountCents });
    linesOf.set(group.draftId, lines);
  }
  return {
    draftOrders: rows.map((row) => ({
      draftId: row.id,
      reason: row.reason,
      orderType: row.orderType,
      product: row.product,
      family: row.family,
      draftOrderAlias: row.alias,
      cards: row.cards,
      totalCents: priceOrder(
        { orderType: row.orderType, family: row.family, lines: linesOf.get(row.id) ?? [] },
        terms(row.product, row.family),
      ).totalCents,
      createdBy: row.createdBy,
      createdByName: names.get(row.createdBy) ?? '',
      updatedAt: row.updatedAt.toISOString(),
    })),
    total: rows.length,
    isMaxReached: isDraftMaxReached(rows.length),
  };
}

/** SPEC §4, §9: the company's number of drafts and whether it may create another. */
export async function maxDraftOrders(
  ctx: DraftContext,
  companyId: string,
): Promise<Omit<CompanyMaxDraftOrdersResponse, 'success'>> {
  const total = await countDrafts(ctx.deps.db, companyId);
  return { total, max: MAX_DRAFT_ORDERS, isMaxReached: isDraftMaxReached(total) };
}
