import { Group, Button, NativeSelect, Text } from '@mantine/core';
import { DISPUTE_STATES, type Dispute, type DisputeState } from '@tessera/domain';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { REASON_TEXT, STATE_TEXT, PARTY_TEXT } from './dispute-texts';
import type { MessageId } from '../../../i18n/messages';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { DisputeStateBadge } from './dispute-state-badge';

/**
 * Disputes as cards (every width: nothing hides behind a sideways scroll at 360 px): the
 * transaction, the reason and note, who opened it, the state and the answer; `action` adds a link.
 */
export function DisputeRecords({
  disputes,
  label,
  action,
  withParty = false,
}: {
  disputes: readonly Dispute[];
  label: string;
  action?: (dispute: Dispute) => ReactNode;
  withParty?: boolean;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <RecordList label={label}>
      {disputes.map((dispute) => (
        <RecordItem
          key={dispute.disputeId}
          title={
            <Text fw={600} component="span">
              {t(REASON_TEXT[dispute.reason])}
            </Text>
          }
          aside={<DisputeStateBadge state={dispute.state} />}
          fields={[
            {
              label: t('disputes.list.amount'),
              value: formatMoney(dispute.transaction.amountCents),
              isKey: true,
            },
            {
              label: t('disputes.list.transaction'),
              value: (
                <>
                  {formatDateTime(dispute.transaction.at, locale)}
                  <Text span display="block" size="xs" c="dimmed">
                    {[dispute.transaction.merchantName, dispute.transaction.storeName]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </>
              ),
              isWide: true,
            },
            { label: t('disputes.list.card'), value: dispute.transaction.maskedCard ?? '—' },
            { label: t('disputes.list.openedAt'), value: formatDateTime(dispute.openedAt, locale) },
            withParty && {
              label: t('disputes.list.openedBy'),
              value: t(PARTY_TEXT[dispute.openedBy]),
            },
            dispute.note !== '' && {
              label: t('disputes.list.note'),
              value: <span style={{ overflowWrap: 'anywhere' }}>{dispute.note}</span>,
              isWide: true,
            },
            dispute.resolutionReason !== null && {
              label: t('disputes.list.answer'),
              value: (
                <span style={{ overflowWrap: 'anywhere' }}>
                  {dispute.resolvedAmountCents !== null
                    ? `${t('disputes.givenBack', { amount: formatMoney(dispute.resolvedAmountCents) })}. `
                    : ''}
                  {t('disputes.answer', { reason: dispute.resolutionReason })}
                </span>
              ),
              isWide: true,
            },
          ]}
          actions={action?.(dispute)}
        />
      ))}
    </RecordList>
  );
}

/** The state filter of a list of disputes ("All" or one state). */
export function DisputeStateFilter({
  value,
  onChange,
}: {
  value: DisputeState | undefined;
  onChange: (state: DisputeState | undefined) => void;
}) {
  const intl = useIntl();
  return (
    <NativeSelect
      label={intl.formatMessage({ id: 'disputes.filter.state' })}
      value={value ?? ''}
      onChange={(event) => onChange((event.currentTarget.value || undefined) as DisputeState | undefined)}
      data={[
        { value: '', label: intl.formatMessage({ id: 'disputes.filter.all' }) },
        ...DISPUTE_STATES.map((state) => ({
          value: state,
          label: intl.formatMessage({ id: STATE_TEXT[state] }),
        })),
      ]}
      maw={320}
    />
  );
}

/** Previous and next of a paged list, with "page n of m". */
export function DisputePager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const intl = useIntl();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text role="status" fw={600}>
        {intl.formatMessage({ id: 'disputes.pager.page' }, { page: String(page), pages: String(pages) })}
      </Text>
      <Group gap="sm">
        <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {intl.formatMessage({ id: 'disputes.pager.previous' })}
        </Button>
        <Button variant="default" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {intl.formatMessage({ id: 'disputes.pager.next' })}
        </Button>
      </Group>
    </Group>
  );
}
