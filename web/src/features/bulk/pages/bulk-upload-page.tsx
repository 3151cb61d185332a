import { Alert, Anchor, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { BulkImport, BulkImportState, BulkPurpose } from '@tessera/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { RequestError } from '../../../lib/request';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useBulkImport } from '../api/get-bulk-import';
import { useBulkImports } from '../api/get-bulk-imports';
import { BulkSteps } from '../components/bulk-steps';
import { CreateDrafts } from '../components/create-drafts';
import { CreatedDrafts } from '../components/created-drafts';
import { DiscardImport } from '../components/discard-import';
import { FileUpload } from '../components/file-upload';
import { ImportPreview } from '../components/import-preview';
import { ImportProgress } from '../components/import-progress';
import { PurposeChoice } from '../components/purpose-choice';
import { RecentImports } from '../components/recent-imports';
import { isBeingRead, isBulkPurpose, isImportId, PURPOSE_MESSAGES } from '../model';
import '../bulk.css';

/** What the page moves the focus to after a step the user took. */
type Focus = 'progress' | 'drafts';

const STEP_OF: Record<BulkImportState, number> = {
  queued: 1,
  processing: 1,
  failed: 0,
  ready: 2,
  superseded: 2,
  converted: 3,
};

/**
 * `/card-load/upload` (beyond SPEC §2, ADR 011): bulk loads and orders by Excel or CSV. Choose what
 * the file is for and send it; watch it being read; see every row's problems at once and fix them
 * in place or leave rows out; then make the drafts, which continue in the normal card-issue flow.
 * The import is in the address (`?importId=…`), so a reload or a later visit finds it; nothing is
 * ordered, and nothing costs anything, until the drafts are paid.
 */
export function BulkUploadPage() {
  const intl = useIntl();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const title = intl.formatMessage({ id: 'bulk.title' });
  useDocumentTitle(title);

  const importParam = search.get('importId');
  const purposeParam = search.get('purpose');
  const focus = (location.state as { focus?: Focus } | null)?.focus ?? null;
  const open = (importId: string, next: Focus | null = null) =>
    setSearch({ importId }, next ? { state: { focus: next } } : undefined);
  const startOver = () => setSearch({});

  let body;
  if (importParam === null) {
    body = (
      <StartView
        initialPurpose={isBulkPurpose(purposeParam) ? purposeParam : 'load'}
        onUploaded={(item) => open(item.importId, 'progress')}
      />
    );
  } else if (!isImportId(importParam)) {
    body = <NotFound />;
  } else {
    body = (
      <ImportView
        key={importParam}
        importId={importParam}
        focus={focus}
        onOpen={open}
        onStartOver={startOver}
      />
    );
  }

  return (
    <section className="tessera-page tessera-bulk" aria-labelledby="bulk-title">
      <div className="tessera-page-header">
        <Title order={1} id="bulk-title">
          {title}
        </Title>
        <Text size="lg" className="tessera-page-header__summary">
          {intl.formatMessage({ id: 'bulk.summary' })}
        </Text>
      </div>
      {body}
    </section>
  );
}

/** Step 1: what the file is for, the templates, the file; and the files uploaded before. */
function StartView({
  initialPurpose,
  onUploaded,
}: {
  initialPurpose: BulkPurpose;
  onUploaded: (item: BulkImport) => void;
}) {
  const intl = useIntl();
  const titleId = useId();
  const [purpose, setPurpose] = useState<BulkPurpose>(initialPurpose);
  return (
    <>
      <BulkSteps active={0} />
      <section aria-labelledby={titleId} className="tessera-bulk-section">
        <Title order={2} id={titleId} mb="md">
          {intl.formatMessage({ id: 'bulk.start.title' })}
        </Title>
        <Stack gap="xl" maw={760}>
          <PurposeChoice purpose={purpose} onChange={setPurpose} />
          <FileUpload purpose={purpose} submitLabel="bulk.file.upload" onUploaded={onUploaded} />
        </Stack>
      </section>
      <RecentImports />
    </>
  );
}

type ImportViewProps = {
  importId: string;
  focus: Focus | null;
  onOpen: (importId: string, focus?: Focus | null) => void;
  onStartOver: () => void;
};

/** An uploaded file, at whatever step its state says (polled while it is being read). */
function ImportView({ importId, focus, onOpen, onStartOver }: ImportViewProps) {
  const intl = useIntl();
  const locale = useLocale();
  const query = useBulkImport(importId);
  const item = query.data;
  const [announcement, setAnnouncement] = useState('');
  const [hasJustCreated, setHasJustCreated] = useState(false);

  // The end of the reading is said once (the progress region said the rest as it went).
  const previousState = useRef<BulkImportState | undefined>(undefined);
  useEffect(() => {
    const before = previousState.current;
    previousState.current = item?.state;
    if (!item || !isBeingRead(before) || isBeingRead(item.state)) return;
    if (item.state === 'ready') {
      setAnnouncement(
        intl.formatMessage(
          { id: 'bulk.progress.done' },
          {
            rows: item.rowsRead,
            rowsText: formatNumber(item.rowsRead, locale),
            errors: item.rowsError,
            errorsText: formatNumber(item.rowsError, locale),
            warnings: item.rowsWarning,
            warningsText: formatNumber(item.rowsWarning, locale),
          },
        ),
      );
    } else if (item.state === 'failed') {
      setAnnouncement(intl.formatMessage({ id: 'bulk.failed.title' }));
    }
  }, [item, intl, locale]);

  if (query.isError && !item) {
    const isGone = query.error instanceof RequestError && query.error.status === 404;
    return isGone ? <NotFound /> : <ErrorState onRetry={() => void query.refetch()} />;
  }
  if (!item) return <LoadingState label={intl.formatMessage({ id: 'bulk.loading' })} />;

  let body;
  switch (item.state) {
    case 'queued':
    case 'processing':
      body = <ImportProgress item={item} hasFocus={focus === 'progress'} onDiscarded={onStartOver} />;
      break;
    case 'failed':
      body = (
        <FailedImport
          item={item}
          onUploaded={(next) => onOpen(next.importId, 'progress')}
          onDiscarded={onStartOver}
        />
      );
      break;
    case 'ready':
      body = (
        <>
          <ImportHeader item={item} onDiscarded={onStartOver} />
          <ImportPreview item={item} announce={setAnnouncement} />
          <CorrectedFile item={item} onUploaded={(next) => onOpen(next.importId, 'progress')} />
          <CreateDrafts item={item} onCreated={() => setHasJustCreated(true)} />
        </>
      );
      break;
    case 'converted':
      body = <CreatedDrafts drafts={item.drafts} hasFocus={hasJustCreated || focus === 'drafts'} />;
      break;
    case 'superseded':
      body = <Superseded item={item} />;
      break;
  }

  return (
    <>
      <BulkSteps active={STEP_OF[item.state]} />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {body}
    </>
  );
}

/** The file's name, what it is for, who sent it and when; and the way to discard it. */
function ImportHeader({ item, onDiscarded }: { item: BulkImport; onDiscarded: () => void }) {
  const intl = useIntl();
  const locale = useLocale();
  return (
    <Group justify="space-between" align="flex-start" gap="sm" mb="lg" className="tessera-bulk-file">
      <div>
        <Text fw={700} className="tessera-bulk-file-name">
          {item.fileName}
        </Text>
        <Text size="sm" c="dimmed">
          {intl.formatMessage({ id: PURPOSE_MESSAGES[item.purpose].short })} ·{' '}
          {intl.formatMessage(
            { id: 'bulk.import.uploaded' },
            { date: formatDateTime(item.createdAt, locale), name: item.createdByName || item.createdBy },
          )}
        </Text>
      </div>
      <DiscardImport item={item} onDiscarded={onDiscarded} />
    </Group>
  );
}

/** A file that could not be read at all: why (the server's words), and another try. */
function FailedImport({
  item,
  onUploaded,
  onDiscarded,
}: {
  item: BulkImport;
  onUploaded: (item: BulkImport) => void;
  onDiscarded: () => void;
}) {
  const intl = useIntl();
  const titleId = useId();
  const [purpose, setPurpose] = useState<BulkPurpose>(item.purpose);
  return (
    <section aria-labelledby={titleId} className="tessera-bulk-section">
      <Title order={2} id={titleId} mb="sm">
        {intl.formatMessage({ id: 'bulk.failed.title' })}
      </Title>
      <Alert color="red" variant="light" mb="md" title={item.fileName}>
        {item.failure?.message ?? intl.formatMessage({ id: 'bulk.failed.unknown' })}
      </Alert>
      <Text mb="lg">{intl.formatMessage({ id: 'bulk.failed.again' })}</Text>
      <Stack gap="xl" maw={760}>
        <PurposeChoice purpose={purpose} onChange={setPurpose} />
        <FileUpload
          purpose={purpose}
          replacesImportId={item.importId}
          submitLabel="bulk.file.uploadAgain"
          onUploaded={onUploaded}
        />
      </Stack>
      <Group mt="lg">
        <DiscardImport item={item} onDiscarded={onDiscarded} />
      </Group>
    </section>
  );
}

/** Fixed the file in the spreadsheet instead: the corrected file replaces this one. */
function CorrectedFile({ item, onUploaded }: { item: BulkImport; onUploaded: (item: BulkImport) => void }) {
  const intl = useIntl();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="tessera-bulk-section">
      <Title order={2} size="h3" id={titleId} mb={4}>
        {intl.formatMessage({ id: 'bulk.corrected.title' })}
      </Title>
      <Text mb="md">{intl.formatMessage({ id: 'bulk.corrected.text' })}</Text>
      <div className="tessera-bulk-narrow">
        <FileUpload
          purpose={item.purpose}
          replacesImportId={item.importId}
          submitLabel="bulk.file.uploadCorrected"
          onUploaded={onUploaded}
        />
      </div>
    </section>
  );
}

/** A file a corrected one replaced: the way to the corrected one, when it is among the recent. */
function Superseded({ item }: { item: BulkImport }) {
  const intl = useIntl();
  const imports = useBulkImports();
  const newer = imports.data?.find((entry) => entry.replacesImportId === item.importId);
  return (
    <Alert role="note" color="gray" variant="light" title={item.fileName}>
      <Text mb="sm">{intl.formatMessage({ id: 'bulk.superseded.text' })}</Text>
      <Group gap="lg">
        {newer ? (
          <Anchor component={LanguageLink} to={paths.bulkUpload.href({ importId: newer.importId })}>
            {intl.formatMessage({ id: 'bulk.superseded.open' }, { name: newer.fileName })}
          </Anchor>
        ) : null}
        <Anchor component={LanguageLink} to={paths.bulkUpload.href()}>
          {intl.formatMessage({ id: 'bulk.startOver' })}
        </Anchor>
      </Group>
    </Alert>
  );
}

function NotFound() {
  const intl = useIntl();
  return (
    <Alert color="gray" variant="light" role="alert">
      <Text mb="sm">{intl.formatMessage({ id: 'bulk.notFound' })}</Text>
      <Anchor component={LanguageLink} to={paths.bulkUpload.href()}>
        {intl.formatMessage({ id: 'bulk.startOver' })}
      </Anchor>
    </Alert>
  );
}
