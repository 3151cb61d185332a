import { Anchor, Stack, Text } from '@mantine/core';
import type { RecurringRunOrder, RecurringRunView } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { canOpenPath } from '../../../app/route-access';
import { ORDER_STATUS_MESSAGE } from '../../../lib/labels';
import { useSession } from '../../../lib/session';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { FAILURE_MESSAGE, formatDay, RUN_STATUS_BADGE } from './labels';

/**
 * The orders and drafts a run created, each a link: an order to its page (its number and status as
 * the order history says them), a draft to the card-issue flow where it is reviewed and submitted
 * (for those who may open it; the others read its name).
 */
export function RunOrders({ orders }: { orders: readonly RecurringRunOrder[] }) {
  const intl = useIntl();
  const session = useSession();
  const user = session.data?.user ?? null;
  if (orders.length === 0) return <Text size="sm">—</Text>;
  return (
    <Stack gap={2}>
      {orders.map((order) => {
        if (order.orderId !== null) {
          const status = order.orderStatus
            ? intl.formatMessage({ id: ORDER_STATUS_MESSAGE[order.orderStatus] })
            : null;
          return (
            <Text size="sm" key={order.orderId}>
              <Anchor component={LanguageLink} to={paths.orderDetails.href(order.orderId)} size="sm" fw={600}>
                {intl.formatMessage(
                  { id: 'recurring.run.order' },
                  { number: order.orderNumber === null ? '—' : `#${order.orderNumber}` },
                )}
              </Anchor>
              {status ? ` · ${status}` : null}
            </Text>
          );
        }
        if (order.draftId !== null) {
          const href = paths.cardIssueInfoDraft.href(order.draftId);
          const text = intl.formatMessage({ id: 'recurring.run.draft' });
          return canOpenPath(href, user) ? (
            <Anchor key={order.draftId} component={LanguageLink} to={href} size="sm" fw={600}>
              {text}
            </Anchor>
          ) : (
            <Text size="sm" key={order.draftId}>
              {text}
            </Text>
          );
        }
        return null;
      })}
    </Stack>
  );
}

/** A rule's last run in the list: what it did (created, or why it failed) and what it created. */
export function LastRun({ run }: { run: RecurringRunView | null }) {
  const intl = useIntl();
  const locale = useLocale();
  if (run === null) return <Text size="sm">{intl.formatMessage({ id: 'recurring.list.neverRun' })}</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {intl.formatMessage({ id: RUN_STATUS_BADGE[run.status].label })} · {formatDay(run.runDay, locale)}
      </Text>
      {run.failure ? <Text size="sm">{intl.formatMessage({ id: FAILURE_MESSAGE[run.failure] })}</Text> : null}
      <RunOrders orders={run.orders} />
    </Stack>
  );
}
