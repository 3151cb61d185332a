import type {
  BulkImport,
  BulkImportDraft,
  BulkLoadCardOrderRequest,
  BulkLoadCardOrderResponse,
} from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isFormFailure } from '../../../lib/form-errors';
import { request } from '../../../lib/request';
import { writeStore } from '../../../lib/storage';
import {
  ORDERS_API,
  contextOptions,
  type RequestContext,
  useRequestContext,
} from '../../../lib/request-context';
import { DRAFTS_QUERY_ROOT, bulkKeys } from '../../../lib/query-keys';

export const BULK_LOAD_CARD_ORDER_PATH = `${ORDERS_API}/bulkLoadCardOrder`;

export type CreateDraftsResult =
  | { ok: true; drafts: BulkImportDraft[] }
  /** Lines the drafts refused (a card blocked since the preview): the rows now say why. */
  | { ok: false; messages: string[] };

/**
 * `POST bulkLoadCardOrder`: the good rows of a ready import become drafts (a BULK_LOAD draft per
 * product and family loaded, a NEW draft per product and family ordered). `idempotencyKey` is the
 * user action's (`useIdempotencyKeys`): a second click or a lost answer answers the same drafts.
 * Answers null after a failure the global error shows.
 */
export async function bulkLoadCardOrder(
  input: BulkLoadCardOrderRequest,
  context: RequestContext,
  idempotencyKey: string,
): Promise<CreateDraftsResult | null> {
  const result = await request<BulkLoadCardOrderResponse>(BULK_LOAD_CARD_ORDER_PATH, {
    ...contextOptions(context, { 'Idempotency-Key': idempotencyKey }),
    method: 'POST',
    body: input,
    suppressGlobalError: isFormFailure(),
  });
  if (!result.error) return { ok: true, drafts: result.data.drafts };
  if (result.error !== true && result.status === 400 && (result.error.fields?.length ?? 0) > 0) {
    return { ok: false, messages: result.error.fields!.map((field) => field.message) };
  }
  return null;
}

/**
 * SPEC §3: "bulk order cards and bulk product are remembered locally". The drafts a file made
 * (id, type, product, lines) and the product of the first; starting any issue flow clears both
 * (`startIssueFlow`).
 */
export function rememberBulkDrafts(drafts: readonly BulkImportDraft[]): void {
  writeStore(
    'bulkOrderCards',
    drafts.map(({ draftId, orderType, product, family, draftOrderAlias, lines }) => ({
      draftId,
      orderType,
      product,
      family,
      draftOrderAlias,
      lines,
    })),
  );
  const first = drafts[0];
  if (first) writeStore('bulkProduct', first.product);
}

export function useBulkLoadCardOrder() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { request: BulkLoadCardOrderRequest; idempotencyKey: string }) =>
      bulkLoadCardOrder(input.request, context, input.idempotencyKey),
    onSuccess: async (result, input) => {
      if (result === null) return;
      const importKey = bulkKeys.import(context.companyId, input.request.importId);
      if (result.ok) {
        rememberBulkDrafts(result.drafts);
        queryClient.setQueryData<BulkImport>(
          importKey,
          (item) => item && { ...item, state: 'converted', drafts: result.drafts },
        );
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: DRAFTS_QUERY_ROOT }),
          queryClient.invalidateQueries({ queryKey: bulkKeys.imports(context.companyId) }),
        ]);
        return;
      }
      // The refused rows now carry their problems: the counters and the table are the server's again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: importKey }),
        queryClient.invalidateQueries({
          queryKey: bulkKeys.rowsOf(context.companyId, input.request.importId),
        }),
      ]);
    },
  });
}
