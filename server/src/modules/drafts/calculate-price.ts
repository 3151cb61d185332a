import {
  isFamilyOfProduct,
  priceOrder,
  priceTotals,
  type OrderPriceRequestSchema,
  type OrderPriceResponse,
} from '@tessera/domain';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { DraftContext } from './draft-context';
import { getDraftOrder } from './get-draft';

type OrderPriceQuery = z.output<typeof OrderPriceRequestSchema>;

/**
 * The price of a saved draft, or of lines not saved yet (orderPriceCalculation), with the
 * company's contract terms: the same `priceOrder` every draft response uses (ADR 009).
 */
export async function calculatePrice(
  ctx: DraftContext,
  companyId: string,
  request: OrderPriceQuery,
): Promise<Omit<OrderPriceResponse, 'success'>> {
  if ('draftId' in request) {
    const draft = await getDraftOrder(ctx, companyId, request.draftId);
    return {
      price: draft.price,
      lines: draft.lines.map((line) => ({
        tempCardId: line.tempCardId,
        loadCents: line.amountCents,
        cardFeeCents: line.cardFeeCents,
        replacementFeeCents: line.replacementFeeCents,
        serviceFeeCents: line.serviceFeeCents,
      })),
    };
  }
  if (!isFamilyOfProduct(request.product, request.family)) {
    throw new AppError('PRODUCT_FAMILY_MISMATCH', `${request.family} is not of ${request.product}`, {
      fields: [{ field: 'family', key: 'invalidChoice' }],
    });
  }
  const terms = await ctx.termsOf(companyId);
  const price = priceOrder(
    { orderType: request.orderType, family: request.family, lines: request.lines },
    terms(request.product, request.family),
  );
  return { price: priceTotals(price), lines: price.lines };
}
