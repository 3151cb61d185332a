import type { OrderDraft } from '@tessera/domain';
import { useCallback } from 'react';
import { saveLocalDraft } from '../../../lib/order-draft';
import { readStore, useStore } from '../../../lib/storage';

/**
 * The local draft (SPEC §3 `orderDraft`) as React state. Every change is stored at once with its
 * diff recomputed (`saveLocalDraft`), so a reload or a closed browser loses nothing; other tabs see
 * it too. `update` applies to the stored draft, never to a stale copy of a render.
 */
export function useIssueDraft() {
  const [draft] = useStore('orderDraft');
  const update = useCallback((change: (current: OrderDraft) => OrderDraft) => {
    const current = readStore('orderDraft');
    if (current) saveLocalDraft(change(current));
  }, []);
  return { draft, update };
}
