import { Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { BulkImport } from '@tessera/domain';
import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { useThrottledText } from '../hooks/use-throttled-text';
import { ANNOUNCE_MS, progressPercent, PURPOSE_MESSAGES } from '../model';
import { DiscardImport } from './discard-import';

type Props = {
  item: BulkImport;
  /** Moves the focus to the heading (right after the upload). */
  hasFocus: boolean;
  onDiscarded: () => void;
};

/**
 * Step 2: the file being read. The bar and the counts follow every poll; a screen reader hears a
 * summary at most every five seconds (a polite live region). The reading goes on without the page,
 * so the user may leave and come back from the recent imports.
 */
export function ImportProgress({ item, hasFocus, onDiscarded }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const ids = { title: useId(), state: useId() };
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hasFocus) heading.current?.focus();
  }, [hasFocus]);

  const percent = progressPercent(item);
  const stateText = intl.formatMessage({
    id: item.state === 'queued' ? 'bulk.progress.queued' : 'bulk.progress.processing',
  });
  const rowsText =
    item.rowsTotal === null
      ? intl.formatMessage({ id: 'bulk.progress.rowsUnknown' }, { read: formatNumber(item.rowsRead, locale) })
      : intl.formatMessage(
          { id: 'bulk.progress.rows' },
          { read: formatNumber(item.rowsRead, locale), total: formatNumber(item.rowsTotal, locale) },
        );
  const problemsText = intl.formatMessage(
    { id: 'bulk.progress.problems' },
    {
      errors: item.rowsError,
      errorsText: formatNumber(item.rowsError, locale),
      warnings: item.rowsWarning,
      warningsText: formatNumber(item.rowsWarning, locale),
    },
  );
  const announcement = useThrottledText(`${stateText} ${rowsText}. ${problemsText}`, ANNOUNCE_MS);

  return (
    <section aria-labelledby={ids.title} className="tessera-bulk-section">
      <Title order={2} id={ids.title} ref={heading} tabIndex={-1} mb={4}>
        {intl.formatMessage({ id: 'bulk.progress.title' })}
      </Title>
      <Text c="dimmed" mb="md" className="tessera-bulk-file-name">
        {item.fileName} · {intl.formatMessage({ id: PURPOSE_MESSAGES[item.purpose].short })}
      </Text>
      <Stack gap="xs" maw={640}>
        <Text id={ids.state} fw={600}>
          {stateText}
        </Text>
        <Progress.Root size="lg" radius="sm">
          <Progress.Section
            value={percent ?? 100}
            striped={percent === null}
            animated={percent === null}
            withAria={false}
            role="progressbar"
            aria-labelledby={ids.state}
            aria-valuemin={0}
            aria-valuemax={item.rowsTotal ?? undefined}
            aria-valuenow={item.rowsTotal === null ? undefined : item.rowsRead}
            aria-valuetext={rowsText}
          />
        </Progress.Root>
        <Text className="tessera-bulk-progress__rows">{rowsText}</Text>
        <Text>{problemsText}</Text>
      </Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Text size="sm" mt="lg" mb="md">
        {intl.formatMessage({ id: 'bulk.progress.leave' })}
      </Text>
      <DiscardImport item={item} onDiscarded={onDiscarded} />
    </section>
  );
}
