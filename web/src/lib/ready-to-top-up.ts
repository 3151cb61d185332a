import {
  localePath,
  PRODUCTS,
  type CardFamily,
  type ReadyToTopUpRequest,
  type ReadyToTopUpResponse,
} from '@tessera/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { withLoadingOverlay } from './loading';
import { request } from './request';
import { useLocale } from './use-locale';
import { DRAFTS_QUERY_ROOT } from './query-keys';
import { draftHref } from './api/drafts';

/**
 * Cards ready to top up (SPEC §7): `POST readyToTopUp` {product} makes a draft with every card of
 * the product that has not been loaded this month and answers its id; the portal then opens
 * `/card-issue/info/{draftId}`. Started from the bell's top-up notifications and the home page.
 * A draft has one family: for Ticket Restaurant, which comes plastic (TRC) and virtual (TRZ), the
 * family goes too (optional beyond SPEC §7; the server defaults to the product's first family).
 */

export const READY_TO_TOP_UP_PATH = '/api/v1/orders/readyToTopUp';

export type TopUpProduct = ReadyToTopUpRequest['product'];
/** The cards to top up: a product and, for a product of several families, which one. */
export type TopUpTarget = { product: TopUpProduct; family?: CardFamily };

/**
 * Creates the ready-to-top-up draft; answers its id, or null when the server refused (the global
 * error has told the user why, e.g. the draft limit).
 */
export async function createReadyToTopUpDraft(
  target: TopUpTarget,
  options: { companyId?: string | null } = {},
): Promise<string | null> {
  const { product, family } = target;
  const hasFamilies = PRODUCTS[product].families.length > 1;
  const body: ReadyToTopUpRequest = hasFamilies && family ? { product, family } : { product };
  const result = await request<ReadyToTopUpResponse>(READY_TO_TOP_UP_PATH, {
    method: 'POST',
    body,
    ...(options.companyId ? { headers: { companyId: options.companyId } } : {}),
  });
  return result.error ? null : result.data.draftId;
}

/**
 * Starts a top-up: creates the draft behind the loading overlay, refreshes what counts drafts, and
 * opens the draft in the page's language. `pending` lets the caller disable its control.
 */
export function useStartTopUp(companyId?: string | null) {
  const navigate = useNavigate();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TopUpTarget | null>(null);

  const startTopUp = useCallback(
    async (target: TopUpTarget): Promise<boolean> => {
      setPending(target);
      try {
        const draftId = await withLoadingOverlay(createReadyToTopUpDraft(target, { companyId }));
        if (draftId === null) return false;
        void queryClient.invalidateQueries({ queryKey: DRAFTS_QUERY_ROOT });
        await navigate(localePath(locale, draftHref(draftId)));
        return true;
      } finally {
        setPending(null);
      }
    },
    [companyId, locale, navigate, queryClient],
  );

  return { startTopUp, pending };
}
