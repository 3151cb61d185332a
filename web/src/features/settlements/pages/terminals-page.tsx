import { Alert, Button, Group, Select, Table, Text } from '@mantine/core';
import { ENROLMENT_STATES, type EnrolmentState, type TerminalDeskItem } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { PageHeader } from '../../../ui/page-header';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useChangeTerminalState, useTerminalDesk } from '../api/terminal-desk';
import { settleQuietly } from '../api/settle-quietly';
import { TerminalStateBadge } from '../components/badges';
import { ReasonDialog } from '../components/reason-dialog';

type Move = 'enrol' | 'suspend' | 'resume';

/** The move a till's state allows: a requested one is enrolled, an enrolled one suspended, a suspended one resumed. */
const MOVE_OF: Record<EnrolmentState, Move> = {
  requested: 'enrol',
  enrolled: 'suspend',
  suspended: 'resume',
};

/**
 * `/back-office/terminals` (provider staff; issue 34 §1, ADR 042): every merchant's tills with
 * merchant, store, MID and state, the requested ones first as a queue with its count. Each move
 * (enrol, suspend, resume) asks for a reason, which the audit log keeps.
 */
export function TerminalsPage() {
  const intl = useIntl();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const title = intl.formatMessage({ id: 'payoutDesk.terminals.title' });
  useDocumentTitle(title);
  const [state, setState] = useState<EnrolmentState | ''>('');
  const [merchantId, setMerchantId] = useState('');
  const desk = useTerminalDesk({
    ...(state ? { state } : {}),
    ...(merchantId ? { merchantId } : {}),
  });
  const change = useChangeTerminalState();
  const [pending, setPending] = useState<{ terminal: TerminalDeskItem; move: Move } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [merchants, setMerchants] = useState<{ value: string; label: string }[]>([]);

  if (desk.data && merchants.length === 0 && !merchantId && !state) {
    const seen = new Map(desk.data.terminals.map((terminal) => [terminal.merchantId, terminal.merchantName]));
    if (seen.size > 0)
      setMerchants([...seen].map(([value, label]) => ({ value, label: `${label} (${value})` })));
  }

  const moveLabel = (move: Move) => intl.formatMessage({ id: `payoutDesk.terminals.${move}` });
  const onConfirm = async (reason: string) => {
    if (!pending) return;
    const { terminal, move } = pending;
    const changed = await settleQuietly(() =>
      change.mutateAsync({
        terminalId: terminal.terminalId,
        state: move === 'suspend' ? 'suspended' : 'enrolled',
        reason,
      }),
    );
    if (changed === undefined) return;
    setPending(null);
    setDone(
      intl.formatMessage(
        { id: `payoutDesk.terminals.done.${move}` },
        { mid: terminal.mid, merchant: terminal.merchantName },
      ),
    );
  };

  const actionOf = (terminal: TerminalDeskItem) => {
    const move = MOVE_OF[terminal.state];
    return (
      <Button
        size="xs"
        variant={move === 'suspend' ? 'outline' : 'filled'}
        color={move === 'suspend' ? 'red.9' : undefined}
        aria-label={intl.formatMessage(
          { id: `payoutDesk.terminals.${move}Of` },
          { mid: terminal.mid, label: terminal.label },
        )}
        onClick={() => {
          setDone(null);
          setPending({ terminal, move });
        }}
      >
        {moveLabel(move)}
      </Button>
    );
  };

  let view;
  if (desk.isPending) view = <LoadingState />;
  else if (desk.isError) view = <ErrorState onRetry={() => void desk.refetch()} />;
  else if (desk.data.terminals.length === 0)
    view = <EmptyState message={intl.formatMessage({ id: 'payoutDesk.terminals.empty' })} />;
  else if (isNarrow)
    view = (
      <RecordList label={title}>
        {desk.data.terminals.map((terminal) => (
          <RecordItem
            key={terminal.terminalId}
            title={
              <Text fw={600}>
                {terminal.label} · MID {terminal.mid}
              </Text>
            }
            aside={<TerminalStateBadge state={terminal.state} />}
            fields={[
              {
                label: intl.formatMessage({ id: 'payoutDesk.col.merchant' }),
                value: `${terminal.merchantName} (${terminal.merchantId})`,
                isWide: true,
              },
              {
                label: intl.formatMessage({ id: 'payoutDesk.col.store' }),
                value: `${terminal.storeName}, ${terminal.city}`,
                isWide: true,
              },
              {
                label: intl.formatMessage({ id: 'payoutDesk.col.since' }),
                value: formatDate(terminal.enrolledAt ?? terminal.createdAt, locale),
              },
            ]}
            actions={actionOf(terminal)}
          />
        ))}
      </RecordList>
    );
  else
    view = (
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="xs" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.merchant' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.store' })}</Table.Th>
              <Table.Th scope="col">MID</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.terminal' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.state' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.since' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.action' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {desk.data.terminals.map((terminal) => (
              <Table.Tr key={terminal.terminalId}>
                <Table.Td>
                  {terminal.merchantName}
                  <Text size="xs" c="dimmed">
                    {terminal.merchantId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {terminal.storeName}
                  <Text size="xs" c="dimmed">
                    {terminal.city}
                  </Text>
                </Table.Td>
                <Table.Td>{terminal.mid}</Table.Td>
                <Table.Td>{terminal.label}</Table.Td>
                <Table.Td>
                  <TerminalStateBadge state={terminal.state} />
                </Table.Td>
                <Table.Td>{formatDate(terminal.enrolledAt ?? terminal.createdAt, locale)}</Table.Td>
                <Table.Td>{actionOf(terminal)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  const requested = desk.data?.requested ?? 0;
  return (
    <>
      <PageHeader title={title} summary={intl.formatMessage({ id: 'payoutDesk.terminals.summary' })} />
      {desk.data ? (
        <Alert color={requested > 0 ? 'yellow' : 'gray'} role="status" mb="md">
          {intl.formatMessage({ id: 'payoutDesk.terminals.queue' }, { count: requested })}
        </Alert>
      ) : null}
      {done ? (
        <Alert color="green" role="status" mb="md">
          {done}
        </Alert>
      ) : null}
      <Group mb="md" align="flex-end" wrap="wrap">
        <Select
          label={intl.formatMessage({ id: 'payoutDesk.filter.state' })}
          data={[
            { value: '', label: intl.formatMessage({ id: 'payoutDesk.filter.all' }) },
            ...ENROLMENT_STATES.map((value) => ({
              value,
              label: intl.formatMessage({ id: `payoutDesk.terminalState.${value}` }),
            })),
          ]}
          value={state}
          onChange={(value) => setState((value ?? '') as EnrolmentState | '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label={intl.formatMessage({ id: 'payoutDesk.filter.merchant' })}
          data={[
            { value: '', label: intl.formatMessage({ id: 'payoutDesk.filter.allMerchants' }) },
            ...merchants,
          ]}
          value={merchantId}
          onChange={(value) => setMerchantId(value ?? '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      {view}
      <ReasonDialog
        key={pending ? `${pending.terminal.terminalId} ${pending.move}` : 'closed'}
        opened={pending !== null}
        title={pending ? moveLabel(pending.move) : ''}
        text={
          pending
            ? intl.formatMessage(
                { id: `payoutDesk.terminals.confirm.${pending.move}` },
                {
                  mid: pending.terminal.mid,
                  label: pending.terminal.label,
                  merchant: pending.terminal.merchantName,
                },
              )
            : ''
        }
        confirmLabel={pending ? moveLabel(pending.move) : ''}
        {...(pending?.move === 'suspend' ? { confirmColor: 'red.9' } : {})}
        isBusy={change.isPending}
        onConfirm={(reason) => void onConfirm(reason)}
        onClose={() => setPending(null)}
      />
    </>
  );
}
