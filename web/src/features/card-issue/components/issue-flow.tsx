import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import type { DraftCard, OrderDraft } from '@tessera/domain';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { readStore } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { LoadingButton } from '../../../ui/loading-button';
import { AppModal } from '../../../ui/modal';
import { checkCardholder } from '../api/check-cardholder';
import type { DraftFailure } from '../api/draft-failure';
import { useDraftOrder } from '../api/get-draft-order';
import { useSaveDraft } from '../hooks/use-save-draft';
import type { KnownCard } from '../known-cards';
import {
  draftProblems,
  hasUnsavedWork,
  headerChanged,
  parseSelectedOption,
  usesExistingCards,
  withCards,
  type Step,
} from '../model';
import { DuplicatesModal, KEEP_NEW, type DuplicateChoices, type DuplicateMatch } from './duplicates-modal';
import { InfoStep } from './info-step';
import { IssueStepper, STEP_LABEL } from './issue-stepper';
import { REASON_TITLE } from './labels';
import { OverviewStep } from './overview-step';
import { PaymentStep } from './payment-step';
import { useRequestContext } from '../../../lib/request-context';
import { useDraftCount } from '../../../lib/api/drafts';
import { productFamilyName } from '../../../lib/labels';
import { useCompanyVoice } from '../../../lib/company-voice';

export type GoToOptions = {
  /** The draft whose address to use (default: the stored draft's). */
  draftId?: string | null;
  replace?: boolean;
  /** Move the focus to the step's heading (a new step was opened). */
  focus?: boolean;
};

type Props = {
  draft: OrderDraft;
  update: (change: (current: OrderDraft) => OrderDraft) => void;
  step: Step;
  goTo: (step: Step, options?: GoToOptions) => void;
  knownCards: ReadonlyMap<string, KnownCard>;
  notice: ReactNode;
  /** Drops the local draft and shows the start panel. */
  onRestart: () => void;
};

const STEP_TITLE: Record<
  Step,
  'cardIssue.info.title' | 'cardIssue.overview.title' | 'cardIssue.payment.title'
> = {
  info: 'cardIssue.info.title',
  overview: 'cardIssue.overview.title',
  payment: 'cardIssue.payment.title',
};

/** A new cardholder as the duplicate check saw it: asked again only once the line changes. */
function signatureOf(line: DraftCard): string {
  const holder = line.cardholder;
  return [
    line.tempCardId,
    holder?.firstName,
    holder?.lastName,
    holder?.email,
    holder?.employeeCode,
    holder?.taxId,
  ]
    .map((part) => (part ?? '').trim().toLowerCase())
    .join('|');
}

/**
 * The flow around a local draft: the stepper, the step shown, saving and going on. Going on from
 * the info step checks the draft and, for new cardholders, asks the server for likely duplicates;
 * going on from the overview saves the draft when it changed, then opens the payment step.
 */
export function IssueFlow({ draft, update, step, goTo, knownCards, notice, onRestart }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const context = useRequestContext();
  const saved = useDraftOrder(draft.id);
  const { save, isSaving, failure, clearFailure } = useSaveDraft();
  const draftCount = useDraftCount(context.companyId, locale);
  const [problemsFor, setProblemsFor] = useState<'save' | 'continue' | null>(null);
  const [duplicates, setDuplicates] = useState<DuplicateMatch[] | null>(null);
  const [keptNew, setKeptNew] = useState<ReadonlySet<string>>(new Set());
  const [isChecking, setIsChecking] = useState(false);
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  const [isConfirmingRestart, setIsConfirmingRestart] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);

  const choice = parseSelectedOption(draft.selectedOption);
  const isDirty = draft.id === null || draft.dataWasChanged || headerChanged(draft, saved.data);
  const problems = problemsFor ? draftProblems(draft, { forPayment: problemsFor === 'continue' }) : null;
  const hasProblems = (problems?.count ?? 0) > 0;

  const title = intl.formatMessage({ id: REASON_TITLE[draft.reason] });
  const stepLabel = intl.formatMessage({ id: STEP_LABEL[step] });
  useDocumentTitle(`${title} · ${stepLabel}`);

  // A step opened from the flow's buttons: its heading takes the focus, so keyboard and
  // screen-reader users start there (the page may have been replaced by the saved draft's address).
  const location = useLocation();
  const shouldFocus = (location.state as { focusStep?: boolean } | null)?.focusStep === true;
  useEffect(() => {
    if (shouldFocus) stepHeading.current?.focus();
  }, [shouldFocus, location.key]);

  // Paying needs the draft saved as it is.
  const isPaymentBlocked = step === 'payment' && (isDirty || draft.id === null);
  useEffect(() => {
    if (isPaymentBlocked) goTo('overview', { replace: true });
  }, [isPaymentBlocked, goTo]);

  const showProblems = (kind: 'save' | 'continue') => {
    setProblemsFor(kind);
    const current = readStore('orderDraft');
    const count = current ? draftProblems(current, { forPayment: kind === 'continue' }).count : 0;
    if (count > 0) window.setTimeout(() => summaryRef.current?.focus(), 0);
    return count;
  };

  /** Saves, then shows `next` (a new draft's address gets its id instead of the old one). */
  const runSave = async (next: Step = step): Promise<OrderDraft | null> => {
    setSavedMessage(null);
    const wasNew = readStore('orderDraft')?.id === null;
    const result = await save();
    if (!result) return null;
    setSavedMessage(intl.formatMessage({ id: 'cardIssue.save.done' }));
    if (wasNew && result.id) goTo(next, { draftId: result.id, replace: true, focus: next !== step });
    else if (next !== step) goTo(next, { focus: true });
    return result;
  };

  const onSave = async () => {
    if (showProblems('save') > 0) return;
    setProblemsFor(null);
    await runSave();
  };

  const checkDuplicates = async (current: OrderDraft): Promise<boolean> => {
    const lines = current.changedData.cards.filter(
      (line) => line.cardholder !== null && line.cardholderId === null && !keptNew.has(signatureOf(line)),
    );
    if (lines.length === 0) return true;
    setIsChecking(true);
    const matches = await checkCardholder(
      {
        cardholders: lines.map((line) => ({
          tempCardId: line.tempCardId,
          firstName: line.cardholder?.firstName.trim() ?? '',
          lastName: line.cardholder?.lastName.trim() ?? '',
          email: line.cardholder?.email?.trim() ?? '',
          employeeCode: line.cardholder?.employeeCode?.trim() ?? '',
          taxId: line.cardholder?.taxId?.trim() ?? '',
        })),
      },
      context,
    );
    setIsChecking(false);
    if (matches === null) return false;
    const found = matches.filter((match) => match.candidates.length > 0);
    // Lines with no likely duplicate are not asked about again (until they change).
    const clear = lines.filter((line) => !found.some((match) => match.tempCardId === line.tempCardId));
    setKeptNew((kept) => new Set([...kept, ...clear.map(signatureOf)]));
    if (found.length === 0) return true;
    setDuplicates(found);
    return false;
  };

  const onContinueFromInfo = async () => {
    if (showProblems('continue') > 0) return;
    const current = readStore('orderDraft');
    if (!current) return;
    if (!usesExistingCards(current.orderType) && !(await checkDuplicates(current))) return;
    setProblemsFor(null);
    goTo('overview', { focus: true });
  };

  const onConfirmDuplicates = (choices: DuplicateChoices) => {
    const matches = duplicates ?? [];
    update((current) =>
      withCards(
        current,
        current.changedData.cards.map((line) => {
          const chosen = choices[line.tempCardId];
          if (!chosen || chosen === KEEP_NEW) return line;
          const candidate = matches
            .find((match) => match.tempCardId === line.tempCardId)
            ?.candidates.find((item) => item.cardholderId === chosen);
          if (!candidate) return line;
          return {
            ...line,
            cardholderId: candidate.cardholderId,
            cardholder: {
              firstName: candidate.firstName,
              lastName: candidate.lastName,
              email: candidate.email,
              phone: candidate.phone,
              employeeCode: candidate.employeeCode,
              taxId: candidate.taxId,
            },
          };
        }),
      ),
    );
    const current = readStore('orderDraft');
    const keep = (current?.changedData.cards ?? []).filter((line) => choices[line.tempCardId] === KEEP_NEW);
    setKeptNew((kept) => new Set([...kept, ...keep.map(signatureOf)]));
    setDuplicates(null);
    setProblemsFor(null);
    goTo('overview', { focus: true });
  };

  const onContinueFromOverview = async () => {
    if (showProblems('continue') > 0) {
      goTo('info', { focus: true });
      return;
    }
    setProblemsFor(null);
    if (!isDirty && draft.id) {
      goTo('payment', { focus: true });
      return;
    }
    await runSave('payment');
  };

  const restart = () => {
    setIsConfirmingRestart(false);
    onRestart();
  };

  const saveButton = (
    <LoadingButton variant="outline" isLoading={isSaving} onClick={() => void onSave()}>
      {intl.formatMessage({ id: 'cardIssue.save.button' })}
    </LoadingButton>
  );

  let content: ReactNode;
  if (step === 'info' || !choice) {
    content = (
      <InfoStep
        draft={draft}
        update={update}
        knownCards={knownCards}
        problems={problems}
        actions={
          <Group justify="flex-end" gap="sm" wrap="wrap">
            {saveButton}
            <LoadingButton isLoading={isChecking} onClick={() => void onContinueFromInfo()}>
              {intl.formatMessage({ id: 'cardIssue.info.continue' })}
            </LoadingButton>
          </Group>
        }
      />
    );
  } else if (step === 'overview' || isPaymentBlocked) {
    content = (
      <OverviewStep
        draft={draft}
        saved={isDirty ? null : (saved.data ?? null)}
        knownCards={knownCards}
        actions={
          <>
            <Button variant="default" onClick={() => goTo('info', { focus: true })}>
              {intl.formatMessage({ id: 'cardIssue.overview.edit' })}
            </Button>
            <Group gap="sm">
              {saveButton}
              <LoadingButton isLoading={isSaving} onClick={() => void onContinueFromOverview()}>
                {intl.formatMessage({ id: 'cardIssue.overview.continue' })}
              </LoadingButton>
            </Group>
          </>
        }
      />
    );
  } else {
    content = <PaymentStep saved={saved.data ?? null} onBack={() => goTo('overview', { focus: true })} />;
  }

  return (
    <section className="tessera-page tessera-issue" aria-labelledby="card-issue-title">
      <div className="tessera-page-header tessera-issue__header">
        <div>
          <Title order={1} id="card-issue-title">
            {title}
          </Title>
          <Text size="lg" className="tessera-page-header__summary">
            {choice
              ? productFamilyName(intl, locale, choice.product, choice.family)
              : intl.formatMessage({ id: 'cardIssue.product.none' })}
            {draft.draftOrderAlias ? ` · ${draft.draftOrderAlias}` : ''}
          </Text>
        </div>
        <Button
          variant="subtle"
          onClick={() => (hasUnsavedWork(draft) ? setIsConfirmingRestart(true) : restart())}
        >
          {intl.formatMessage({ id: 'cardIssue.restart.button' })}
        </Button>
      </div>
      {notice}
      <IssueStepper step={step} onStep={(next) => goTo(next, { focus: true })} />
      <SaveStatus
        isSaving={isSaving}
        isSaved={draft.id !== null}
        isDirty={isDirty}
        savedMessage={savedMessage}
        failure={failure}
        onDismiss={clearFailure}
        isMaxReached={draft.id === null && draftCount.data?.isMaxReached === true}
      />
      {hasProblems && problems ? (
        <Alert color="red" variant="light" role="alert" mb="md" ref={summaryRef} tabIndex={-1}>
          {intl.formatMessage({ id: 'cardIssue.problems.summary' }, { count: problems.count })}
        </Alert>
      ) : null}
      <section aria-labelledby="card-issue-step-title" className="tessera-issue__step">
        <Title order={2} id="card-issue-step-title" ref={stepHeading} tabIndex={-1} mb="md">
          {intl.formatMessage({ id: STEP_TITLE[step] })}
        </Title>
        {content}
      </section>
      {duplicates ? (
        <DuplicatesModal
          matches={duplicates}
          lines={draft.changedData.cards}
          onConfirm={onConfirmDuplicates}
          onCancel={() => setDuplicates(null)}
        />
      ) : null}
      <AppModal
        opened={isConfirmingRestart}
        onClose={() => setIsConfirmingRestart(false)}
        title={intl.formatMessage({ id: 'cardIssue.restart.title' })}
      >
        <Text mb="lg">{intl.formatMessage({ id: 'cardIssue.restart.text' })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setIsConfirmingRestart(false)}>
            {intl.formatMessage({ id: 'cardIssue.restart.cancel' })}
          </Button>
          <Button color="red" onClick={restart}>
            {intl.formatMessage({ id: 'cardIssue.restart.confirm' })}
          </Button>
        </Group>
      </AppModal>
    </section>
  );
}

/** Whether the draft is saved, and why a save failed (the draft limit, lines the server refused). */
function SaveStatus({
  isSaving,
  isSaved,
  isDirty,
  savedMessage,
  failure,
  onDismiss,
  isMaxReached,
}: {
  isSaving: boolean;
  isSaved: boolean;
  isDirty: boolean;
  savedMessage: string | null;
  failure: DraftFailure | null;
  onDismiss: () => void;
  isMaxReached: boolean;
}) {
  const intl = useIntl();
  const voice = useCompanyVoice();
  let status: string;
  if (isSaving) status = intl.formatMessage({ id: 'cardIssue.save.saving' });
  else if (!isSaved) status = intl.formatMessage({ id: 'cardIssue.save.local' });
  else if (isDirty) status = intl.formatMessage({ id: 'cardIssue.save.unsaved' });
  else status = savedMessage ?? intl.formatMessage({ id: 'cardIssue.save.upToDate' });

  return (
    <Stack gap="sm" mb="md">
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {status}
      </Text>
      {failure?.kind === 'limit' ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={onDismiss}
          title={intl.formatMessage({ id: 'cardIssue.save.limitTitle' })}
        >
          <Text size="sm">{intl.formatMessage({ id: 'cardIssue.save.limitText' }, voice)}</Text>
          <Anchor component={LanguageLink} to="/draft-orders" size="sm" fw={600}>
            {intl.formatMessage({ id: 'cardIssue.save.limitLink' })}
          </Anchor>
        </Alert>
      ) : null}
      {failure?.kind === 'invalid' ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={onDismiss}
          title={intl.formatMessage({ id: 'cardIssue.save.invalidTitle' })}
        >
          <List size="sm">
            {failure.messages.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {failure?.kind === 'failed' ? (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={onDismiss}>
          {intl.formatMessage({ id: 'cardIssue.save.failed' })}
        </Alert>
      ) : null}
      {isMaxReached && failure?.kind !== 'limit' ? (
        <Alert color="yellow" variant="light" className="tessera-issue-warning">
          {intl.formatMessage({ id: 'cardIssue.save.limitWarning' }, voice)}
        </Alert>
      ) : null}
    </Stack>
  );
}
