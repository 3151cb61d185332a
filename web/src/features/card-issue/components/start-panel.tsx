import { Anchor, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { localePath, roleMay, type CardIssueReason } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useSession } from '../../../lib/session';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { STARTABLE_REASONS } from '../model';
import { REASON_TEXT, REASON_TITLE } from './labels';

/**
 * Shown when /card-issue/info opens without a draft (typed in, a bookmark): what to do first. Each
 * choice starts the flow as every other entry point does (`startIssueFlow`); a recurring load is no
 * draft but a rule (issue 19), so that choice opens the rule editor instead, for those who may
 * create rules.
 */
export function StartPanel({ onStart }: { onStart: (reason: CardIssueReason) => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const roleId = useSession().data?.user.userRoleId;
  const canCreateRules = roleId !== undefined && roleMay(roleId, 'recurring.manage');
  const reasons: readonly CardIssueReason[] = canCreateRules
    ? [...STARTABLE_REASONS, 'recurring-rule']
    : STARTABLE_REASONS;
  const [reason, setReason] = useState<CardIssueReason>('new-card');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (reason === 'recurring-rule') void navigate(localePath(locale, paths.recurringRuleNew.href()));
        else onStart(reason);
      }}
    >
      <Stack gap="lg">
        <Radio.Group
          label={intl.formatMessage({ id: 'cardIssue.start.question' })}
          value={reason}
          onChange={(value) => setReason(value as CardIssueReason)}
        >
          <div className="tessera-issue-reasons">
            {reasons.map((item) => (
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
