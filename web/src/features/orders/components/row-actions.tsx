import { Group } from '@mantine/core';
import { mayApprove, mayPay, type OrderSummary } from '@tessera/domain';
import { useSession } from '../../../lib/session';
import { ApproveButton, PayButton, RejectButton } from './order-actions';

/**
 * The shortcuts of an order in a list (overview, payment manager, finance): approve and reject a
 * waiting order, pay one awaiting payment, by the rules of `domain/` (no one approves their own
 * order). The server decides again on every call.
 */
export function RowActions({ order, onDone }: { order: OrderSummary; onDone: (message: string) => void }) {
  const user = useSession().data?.user;
  if (!user) return null;
  const principal = { userId: user.userId, roleId: user.userRoleId };
  const canApprove = mayApprove(order, principal);
  const canPay = mayPay(order, principal);
  if (!canApprove && !canPay) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {canApprove ? <ApproveButton order={order} onDone={onDone} size="sm" /> : null}
      {canApprove ? <RejectButton order={order} onDone={onDone} size="sm" /> : null}
      {canPay ? <PayButton order={order} size="sm" /> : null}
    </Group>
  );
}
