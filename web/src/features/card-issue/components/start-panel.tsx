import { Anchor, Button, Group, Radio, Stack, Text } from '@mantine/core';
import type { CardIssueReason } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LanguageLink } from '../../../ui/language-link';
import { STARTABLE_REASONS } from '../model';
import { REASON_TEXT, REASON_TITLE } from './labels';

/**
 * Shown when /card-issue/info opens without a draft (typed in, a bookmark): what to do first. Each
 * choice starts the flow as every other entry point does (`startIssueFlow`).
 */
export function StartPanel({ onStart }: { onStart: (reason: CardIssueReason) => void }) {
  const intl = useIntl();
  const [reason, setReason] = useState<CardIssueReason>('new-card');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onStart(reason);
      }}
    >
      <Stack gap="lg">
        <Radio.Group
          label={intl.formatMessage({ id: 'cardIssue.start.question' })}
          value={reason}
          onChange={(value) => setReason(value as CardIssueReason)}
        >
          <div className="tessera-issue-reasons">
            {STARTABLE_REASONS.map((item) => (
              <Radio.Card key={item} value={item} radius="md" p="md" className="tessera-issue-reason">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600}>{intl.formatMessage({ id: REASON_TITLE[item] })}</Text>
                    <Text size="sm" c="dimmed">
                      {intl.formatMessage({ id: REASON_TEXT[item] })}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </div>
        </Radio.Group>
        <Group gap="md" wrap="wrap">
          <Button type="submit">{intl.formatMessage({ id: 'cardIssue.start.submit' })}</Button>
          <Anchor component={LanguageLink} to="/card-load">
            {intl.formatMessage({ id: 'cardIssue.start.cardLoad' })}
          </Anchor>
          <Anchor component={LanguageLink} to="/card-load/upload">
            {intl.formatMessage({ id: 'bulk.entry.link' })}
          </Anchor>
          <Anchor component={LanguageLink} to="/draft-orders">
            {intl.formatMessage({ id: 'cardIssue.start.drafts' })}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
