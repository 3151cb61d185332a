import { localePath, type CardIssueReason } from '@tessera/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { withLoadingOverlay } from '../../../lib/loading';
import { startIssueFlow } from '../../../lib/order-draft';
import { useLocale } from '../../../lib/use-locale';
import type { DraftFailure, DraftResult } from '../api/draft-failure';
import { DRAFTS_QUERY_ROOT } from '../../../lib/query-keys';

/** Starts a flow (SPEC §4: the local draft reset) and opens /card-issue/info in the page's language. */
export function useStartFlow() {
  const navigate = useNavigate();
  const locale = useLocale();
  return useCallback(
    (reason: CardIssueReason, selectedOption: string | null = null) => {
      const path = startIssueFlow(reason, { selectedOption });
      void navigate(localePath(locale, path));
    },
    [locale, navigate],
  );
}

/**
 * An action that makes a draft on the server (ready to top up, a bundle) and opens it. `pending`
 * names the running action so its button shows progress; `failure` says why one was refused (the
 * draft limit).
 */
export function useCreateDraftAction() {
  const navigate = useNavigate();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<DraftFailure | null>(null);

  const run = useCallback(
    async (key: string, create: () => Promise<DraftResult<string>>) => {
      setPending(key);
      setFailure(null);
      try {
        const result = await withLoadingOverlay(create());
        if (!result.ok) {
          setFailure(result.failure);
          return;
        }
        void queryClient.invalidateQueries({ queryKey: DRAFTS_QUERY_ROOT });
        await navigate(localePath(locale, paths.cardIssueInfoDraft.href(result.data)));
      } finally {
        setPending(null);
      }
    },
    [locale, navigate, queryClient],
  );

  return { run, pending, failure, clearFailure: () => setFailure(null) };
}
