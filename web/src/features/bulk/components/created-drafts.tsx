import { Anchor, Button, Card, Group, Text, Title } from '@mantine/core';
import type { BulkImportDraft } from '@tessera/domain';
import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { productFamilyText } from '../model';
import { draftHref } from '../../../lib/api/drafts';

type Props = {
  drafts: readonly BulkImportDraft[];
  /** Moves the focus to the heading (right after the drafts were made). */
  hasFocus: boolean;
};

/**
 * The drafts a file made. Each opens in the normal card-issue flow at `/card-issue/info/{draftId}`
 * (as the drafts page resumes one), which goes on to the overview and the payment.
 */
export function CreatedDrafts({ drafts, hasFocus }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const ids = { title: useId(), list: useId() };
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hasFocus) heading.current?.focus();
  }, [hasFocus]);

  return (
    <section aria-labelledby={ids.title} className="tessera-bulk-section">
      <Title order={2} id={ids.title} ref={heading} tabIndex={-1} mb={4}>
        {intl.formatMessage({ id: 'bulk.created.title' }, { count: drafts.length })}
      </Title>
      <Text mb="md">{intl.formatMessage({ id: 'bulk.created.summary' })}</Text>
      <ul className="tessera-bulk-drafts" aria-label={intl.formatMessage({ id: 'bulk.created.list' })}>
        {drafts.map((draft) => {
          const kind = `${intl.formatMessage({
            id: draft.orderType === 'BULK_LOAD' ? 'bulk.created.type.load' : 'bulk.created.type.new',
          })} · ${productFamilyText(draft.product, draft.family, locale)}`;
          return (
            <Card component="li" key={draft.draftId} withBorder radius="md" padding="md">
              <Title order={3} size="h4" className="tessera-bulk-drafts__title">
                {draft.draftOrderAlias || kind}
              </Title>
              <Text size="sm">{kind}</Text>
              <Text size="sm" mb="sm">
                {intl.formatMessage(
                  { id: 'bulk.created.lines' },
                  { count: draft.lines, formatted: formatNumber(draft.lines, locale) },
                )}
              </Text>
              <Group mt="auto">
                <Button
                  component={LanguageLink}
                  to={draftHref(draft.draftId)}
                  aria-label={intl.formatMessage(
                    { id: 'bulk.created.openLabel' },
                    { alias: draft.draftOrderAlias, kind },
                  )}
                >
                  {intl.formatMessage({ id: 'bulk.created.open' })}
                </Button>
              </Group>
            </Card>
          );
        })}
      </ul>
      <Group gap="lg" mt="lg">
        <Anchor component={LanguageLink} to={paths.draftOrders.href()}>
          {intl.formatMessage({ id: 'bulk.created.drafts' })}
        </Anchor>
        <Anchor component={LanguageLink} to={paths.bulkUpload.href()}>
          {intl.formatMessage({ id: 'bulk.startOver' })}
        </Anchor>
      </Group>
    </section>
  );
}
