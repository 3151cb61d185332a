import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { localePath, type CardIssueReason, type OrderDraft } from '@tessera/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { saveLocalDraft, startIssueFlow } from '../../../lib/order-draft';
import { readStore, removeStore, writeStore } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useDraftOrder } from '../api/get-draft-order';
import { IssueFlow } from '../components/issue-flow';
import { StartPanel } from '../components/start-panel';
import { SubmittedOrder, submittedOrderOf } from '../components/submitted-order';
import { isDraftSubmitted } from '../submitted-drafts';
import { useIssueDraft } from '../hooks/use-issue-draft';
import { filterCards, useResolveLineCards } from '../api/filter-cards';
import { findCachedCard, rememberCards, useKnownCards } from '../known-cards';
import {
  choiceForCard,
  existingCardLine,
  hasUnsavedWork,
  isCardIssueReason,
  localDraftOf,
  parseSelectedOption,
  parseStep,
  selectedOptionOf,
  withCards,
  type Step,
} from '../model';
import type { GoToOptions } from '../components/issue-flow';
import '../card-issue.css';
import { useRequestContext } from '../../../lib/request-context';

/**
 * `/card-issue/info` and `/card-issue/info/{draftId}`: the card-issue flow (SPEC §2, §4).
 *
 * - With a draft id, the saved draft becomes the local draft (unless the local draft already is
 *   that draft: then its unsaved changes stay — a reload loses nothing; unless it holds unsaved work
 *   of another draft: then the user chooses).
 * - With `?reason=…&cardId=…` (the card list's actions) the flow starts for the reason with the card
 *   as its first line, unless the local draft already is that.
 * - Without a local draft (the address typed in) a start panel asks what to do.
 */
export function CardIssuePage() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { draftId = null } = useParams();
  const [params] = useSearchParams();
  // After the payment step submitted the draft: its outcome, kept in the history entry.
  const submitted = submittedOrderOf(useLocation().state);
  const isSubmitted = submitted !== null;
  const { draft, update } = useIssueDraft();
  const knownCards = useKnownCards();
  const issueContext = useRequestContext();
  useResolveLineCards(
    (draft?.changedData.cards ?? []).flatMap((line) => (line.cardId ? [line.cardId] : [])),
    knownCards,
  );
  const step = parseStep(params.get('step'));
  const [notice, setNotice] = useState<'cardNotFound' | null>(null);
  const [isOpeningOther, setIsOpeningOther] = useState(false);

  /** Opens a step of the flow; the address names the draft once it is saved. */
  const goTo = useCallback(
    (next: Step, options: GoToOptions = {}) => {
      const id = options.draftId !== undefined ? options.draftId : (readStore('orderDraft')?.id ?? null);
      const base = id ? paths.cardIssueInfoDraft.href(id) : paths.cardIssueInfo.href();
      void navigate(`${localePath(locale, base)}${next === 'info' ? '' : `?step=${next}`}`, {
        replace: options.replace ?? false,
        state: options.focus ? { focusStep: true } : null,
      });
    },
    [locale, navigate],
  );

  // `?reason=…&cardId=…`: start the flow (once), then drop the query so a reload does not restart it.
  const reasonParam = params.get('reason');
  const cardIdParam = params.get('cardId');
  useEffect(() => {
    if (isSubmitted || draftId !== null || !isCardIssueReason(reasonParam)) return;
    const current = readStore('orderDraft');
    const isSameFlow =
      current !== null &&
      current.reason === reasonParam &&
      (cardIdParam === null || current.changedData.cards.some((line) => line.cardId === cardIdParam));
    const leave = () => void navigate(localePath(locale, paths.cardIssueInfo.href()), { replace: true });
    if (isSameFlow) {
      leave();
      return;
    }
    let cancelled = false;
    void (async () => {
      // The card list's panel leaves the card in the query cache; a link opened cold asks the server.
      let card = cardIdParam ? findCachedCard(queryClient, cardIdParam) : null;
      if (cardIdParam && !card) {
        card =
          (await filterCards({ cardIds: [cardIdParam], pageSize: 1 }, issueContext).catch(() => null))
            ?.cards[0] ?? null;
      }
      if (cancelled) return;
      // Without the card, keep the product an entry point already chose for this reason.
      const earlier = current?.reason === reasonParam ? parseSelectedOption(current.selectedOption) : null;
      const chosen = earlier ? selectedOptionOf(choiceForCard(reasonParam, earlier)) : null;
      startIssueFlow(reasonParam, {
        selectedOption: card ? selectedOptionOf(choiceForCard(reasonParam, card)) : chosen,
      });
      const started = readStore('orderDraft');
      if (card && started) {
        rememberCards([card]);
        saveLocalDraft(withCards(started, [existingCardLine(card.cardId, 0)]));
      }
      setNotice(cardIdParam && !card ? 'cardNotFound' : null);
      leave();
    })();
    return () => {
      cancelled = true;
    };
  }, [isSubmitted, draftId, reasonParam, cardIdParam, queryClient, navigate, locale, issueContext]);

  // A saved local draft shown without its id in the address: put the id there.
  const localId = draft?.id ?? null;
  useEffect(() => {
    if (!isSubmitted && draftId === null && localId !== null && !isCardIssueReason(reasonParam)) {
      goTo(step, { draftId: localId, replace: true });
    }
  }, [isSubmitted, draftId, localId, reasonParam, step, goTo]);

  // `/card-issue/info/{draftId}`: the saved draft.
  const isLocalThisDraft = draftId !== null && draft?.id === draftId;
  // Submitted a moment ago: the page is on its way to the outcome.
  const isGone = isDraftSubmitted(draftId);
  const server = useDraftOrder(isGone ? null : draftId);
  const hasConflict = draftId !== null && !isLocalThisDraft && hasUnsavedWork(draft) && !isOpeningOther;
  const adopted = useRef<string | null>(null);
  // Starting over from a saved draft's address: the draft must not come back while the address changes.
  const isRestarting = useRef(false);
  useEffect(() => {
    if (draftId === null) isRestarting.current = false;
  }, [draftId]);
  useEffect(() => {
    if (
      draftId === null ||
      isGone ||
      isLocalThisDraft ||
      hasConflict ||
      !server.data ||
      isRestarting.current
    ) {
      return;
    }
    if (adopted.current === server.data.draftId && readStore('orderDraft')?.id === draftId) return;
    adopted.current = server.data.draftId;
    saveLocalDraft(localDraftOf(server.data));
    writeStore('draftOrder', { orderType: server.data.orderType, orderId: server.data.draftId });
  }, [draftId, isGone, isLocalThisDraft, hasConflict, server.data]);

  const title = intl.formatMessage({ id: 'cardIssue.title' });
  if (submitted) {
    return (
      <IssueFrame title={title}>
        <SubmittedOrder result={submitted} />
      </IssueFrame>
    );
  }
  const isLoading =
    (draftId === null && isCardIssueReason(reasonParam)) ||
    (draftId !== null && !isLocalThisDraft && !hasConflict && !server.isError);

  let body;
  if (hasConflict && draft) {
    body = (
      <ConflictPanel
        draft={draft}
        onKeep={() => goTo('info', { draftId: draft.id, replace: true })}
        onOpen={() => setIsOpeningOther(true)}
      />
    );
  } else if (draftId !== null && !isLocalThisDraft && server.isError) {
    body = (
      <ErrorState
        message={intl.formatMessage({ id: 'cardIssue.draft.loadError' })}
        onRetry={() => void server.refetch()}
      />
    );
  } else if (isLoading) {
    body = <LoadingState label={intl.formatMessage({ id: 'cardIssue.draft.loading' })} />;
  } else if (!draft) {
    return (
      <IssueFrame title={title} summary={intl.formatMessage({ id: 'cardIssue.start.summary' })}>
        <StartPanel onStart={(reason: CardIssueReason) => startIssueFlow(reason)} />
      </IssueFrame>
    );
  } else {
    return (
      <IssueFlow
        draft={draft}
        update={update}
        step={step}
        goTo={goTo}
        knownCards={knownCards}
        onRestart={() => {
          isRestarting.current = draftId !== null;
          removeStore('orderDraft');
          removeStore('draftOrder');
          setNotice(null);
          void navigate(localePath(locale, paths.cardIssueInfo.href()));
        }}
        notice={
          notice === 'cardNotFound' ? (
            <Alert
              color="yellow"
              variant="light"
              className="tessera-issue-warning"
              withCloseButton
              onClose={() => setNotice(null)}
            >
              {intl.formatMessage({ id: 'cardIssue.notice.cardNotFound' })}
            </Alert>
          ) : null
        }
      />
    );
  }

  return <IssueFrame title={title}>{body}</IssueFrame>;
}

/** The page around what is not the flow itself (start, loading, errors): its heading and title. */
function IssueFrame({ title, summary, children }: { title: string; summary?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="tessera-page tessera-issue" aria-labelledby="card-issue-title">
      <div className="tessera-page-header">
        <Title order={1} id="card-issue-title">
          {title}
        </Title>
        {summary ? (
          <Text size="lg" className="tessera-page-header__summary">
            {summary}
          </Text>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** The local draft holds unsaved work of another draft: keep working on it, or open the saved one. */
function ConflictPanel({
  draft,
  onKeep,
  onOpen,
}: {
  draft: OrderDraft;
  onKeep: () => void;
  onOpen: () => void;
}) {
  const intl = useIntl();
  return (
    <Alert
      color="yellow"
      variant="light"
      className="tessera-issue-warning"
      title={intl.formatMessage({ id: 'cardIssue.conflict.title' })}
    >
      <Stack gap="sm">
        <Text size="sm">
          {intl.formatMessage(
            { id: 'cardIssue.conflict.text' },
            { alias: draft.draftOrderAlias || intl.formatMessage({ id: 'cardIssue.payment.unnamed' }) },
          )}
        </Text>
        <Group gap="sm">
          <Button onClick={onKeep}>{intl.formatMessage({ id: 'cardIssue.conflict.keep' })}</Button>
          <Button variant="outline" color="red" onClick={onOpen}>
            {intl.formatMessage({ id: 'cardIssue.conflict.open' })}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
