import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { localePath, RejectOrderRequestSchema, type OrderSummary } from '@tessera/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { useLocale } from '../../../lib/use-locale';
import { LoadingButton } from '../../../ui/loading-button';
import { AppModal } from '../../../ui/modal';
import { useActivateComplimentOrder } from '../api/activate-compliment-order';
import { useApproveOrder } from '../api/approve-order';
import { useCancelOrder } from '../api/cancel-order';
import { useRejectOrder } from '../api/reject-order';
import { useReorder } from '../api/reorder';
import { PLACED_ORDERS_QUERY_ROOT } from '../../../lib/query-keys';
import { draftHref } from '../../../lib/api/drafts';
import { PayOrder } from '../../../lib/pay-order-slot';

type ActionProps = {
  order: Pick<OrderSummary, 'orderId' | 'orderNumber' | 'totalCents'>;
  /** Says what happened (a status message the page announces). */
  onDone?: (message: string) => void;
  size?: 'sm' | 'md';
};

const closeLabel = 'orders.action.close' as const;

/**
 * Approving (`submitOrderPaymentManager` {orderId}) after a question naming the order and its
 * amount: the order then awaits payment.
 */
export function ApproveButton({ order, onDone, size = 'md' }: ActionProps) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const [comment, setComment] = useState('');
  const approve = useApproveOrder();
  const keys = useIdempotencyKeys();
  const values = { number: order.orderNumber, amount: formatMoney(order.totalCents) };

  const confirm = async () => {
    const approved = await approve.mutateAsync({
      orderId: order.orderId,
      idempotencyKey: keys.keyFor({ approve: order.orderId }),
      comment: comment.trim(),
    });
    if (!approved) return;
    keys.forget();
    setIsOpen(false);
    setComment('');
    // The first of two approvals leaves the order waiting for a second person (ADR 032).
    const message =
      approved.status === 'awaiting_approval' ? 'orders.action.approvedPartially' : 'orders.action.approved';
    onDone?.(intl.formatMessage({ id: message }, values));
  };

  return (
    <>
      <Button
        size={size === 'sm' ? 'compact-sm' : 'sm'}
        onClick={() => setIsOpen(true)}
        aria-label={intl.formatMessage({ id: 'orders.action.approveLabel' }, values)}
      >
        {intl.formatMessage({ id: 'orders.action.approve' })}
      </Button>
      <AppModal
        opened={isOpen}
        onClose={() => {
          if (!approve.isPending) setIsOpen(false);
        }}
        title={intl.formatMessage({ id: 'orders.action.approveTitle' }, values)}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: closeLabel }) }}
        centered
      >
        <Text>{intl.formatMessage({ id: 'orders.action.approveText' }, values)}</Text>
        <Textarea
          mt="md"
          label={intl.formatMessage({ id: 'orders.action.approveComment' })}
          autosize
          minRows={2}
          maxLength={500}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value.replace(/^\s+/, ''))}
        />
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setIsOpen(false)} disabled={approve.isPending}>
            {intl.formatMessage({ id: 'orders.action.back' })}
          </Button>
          <LoadingButton isLoading={approve.isPending} onClick={() => void confirm()}>
            {intl.formatMessage({ id: 'orders.action.approveConfirm' })}
          </LoadingButton>
        </Group>
      </AppModal>
    </>
  );
}

/** Rejecting (`rejectOrder`): the reason is required, and the submitter reads it on the order. */
export function RejectButton({ order, onDone, size = 'md' }: ActionProps) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reject = useRejectOrder();
  const values = { number: order.orderNumber, amount: formatMoney(order.totalCents) };
  const maxLength = RejectOrderRequestSchema.shape.reason.maxLength ?? 500;

  const close = () => {
    if (reject.isPending) return;
    setIsOpen(false);
    setError(null);
  };

  const confirm = async () => {
    const checked = RejectOrderRequestSchema.safeParse({ orderId: order.orderId, reason });
    if (!checked.success) {
      setError(intl.formatMessage({ id: 'orders.action.rejectReasonRequired' }));
      return;
    }
    const rejected = await reject.mutateAsync(checked.data);
    if (!rejected) return;
    setIsOpen(false);
    setReason('');
    onDone?.(intl.formatMessage({ id: 'orders.action.rejected' }, values));
  };

  return (
    <>
      <Button
        size={size === 'sm' ? 'compact-sm' : 'sm'}
        variant="outline"
        color="red.9"
        onClick={() => setIsOpen(true)}
        aria-label={intl.formatMessage({ id: 'orders.action.rejectLabel' }, values)}
      >
        {intl.formatMessage({ id: 'orders.action.reject' })}
      </Button>
      <AppModal
        opened={isOpen}
        onClose={close}
        title={intl.formatMessage({ id: 'orders.action.rejectTitle' }, values)}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: closeLabel }) }}
        centered
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <Stack gap="md">
            <Text>{intl.formatMessage({ id: 'orders.action.rejectText' })}</Text>
            <Textarea
              label={intl.formatMessage({ id: 'orders.action.rejectReason' })}
              withAsterisk
              aria-required
              autosize
              minRows={3}
              maxLength={maxLength}
              value={reason}
              error={error}
              onChange={(event) => {
                setReason(event.currentTarget.value.replace(/^\s+/, ''));
                setError(null);
              }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={reject.isPending}>
                {intl.formatMessage({ id: 'orders.action.back' })}
              </Button>
              <LoadingButton type="submit" color="red.9" isLoading={reject.isPending}>
                {intl.formatMessage({ id: 'orders.action.rejectConfirm' })}
              </LoadingButton>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </>
  );
}

/** Cancelling (`cancelOrder`) after a question: it cannot be undone. */
export function CancelOrderButton({ order, onDone, size = 'md' }: ActionProps) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const cancel = useCancelOrder();
  const values = { number: order.orderNumber, amount: formatMoney(order.totalCents) };

  const confirm = async () => {
    const cancelled = await cancel.mutateAsync(order.orderId);
    if (!cancelled) return;
    setIsOpen(false);
    onDone?.(intl.formatMessage({ id: 'orders.action.cancelled' }, values));
  };

  return (
    <>
      <Button
        size={size === 'sm' ? 'compact-sm' : 'sm'}
        variant="outline"
        color="red.9"
        onClick={() => setIsOpen(true)}
        aria-label={intl.formatMessage({ id: 'orders.action.cancelLabel' }, values)}
      >
        {intl.formatMessage({ id: 'orders.action.cancel' })}
      </Button>
      <AppModal
        opened={isOpen}
        onClose={() => {
          if (!cancel.isPending) setIsOpen(false);
        }}
        title={intl.formatMessage({ id: 'orders.action.cancelTitle' }, values)}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: closeLabel }) }}
        centered
      >
        <Text>{intl.formatMessage({ id: 'orders.action.cancelText' }, values)}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setIsOpen(false)} disabled={cancel.isPending}>
            {intl.formatMessage({ id: 'orders.action.back' })}
          </Button>
          <LoadingButton color="red.9" isLoading={cancel.isPending} onClick={() => void confirm()}>
            {intl.formatMessage({ id: 'orders.action.cancelConfirm' })}
          </LoadingButton>
        </Group>
      </AppModal>
    </>
  );
}

/**
 * Paying: the method chooser and `createPaymentOrder` (the card-issue flow's payment step uses the
 * same panel) in a modal. Closing it refreshes the orders: a transfer now waits for the bank.
 */
export function PayButton({ order, size = 'md' }: ActionProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [hasStarted, setHasStarted] = useState(false);
  const values = { number: order.orderNumber, amount: formatMoney(order.totalCents) };

  const close = () => {
    setIsOpen(false);
    if (hasStarted) void queryClient.invalidateQueries({ queryKey: PLACED_ORDERS_QUERY_ROOT });
    setHasStarted(false);
  };

  return (
    <>
      <Button
        size={size === 'sm' ? 'compact-sm' : 'sm'}
        onClick={() => setIsOpen(true)}
        aria-label={intl.formatMessage({ id: 'orders.action.payLabel' }, values)}
      >
        {intl.formatMessage({ id: 'orders.action.pay' })}
      </Button>
      <AppModal
        opened={isOpen}
        onClose={close}
        title={intl.formatMessage({ id: 'orders.action.payTitle' }, values)}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: closeLabel }) }}
        size="lg"
        centered
      >
        {isOpen ? <PayOrder orderId={order.orderId} onPaymentCreated={() => setHasStarted(true)} /> : null}
      </AppModal>
    </>
  );
}

/**
 * Ordering again (`reorder`): the server makes a draft with the order's lines, which opens in the
 * card-issue flow as the drafts page resumes a draft.
 */
export function ReorderButton({ order }: ActionProps) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const reorder = useReorder();
  const keys = useIdempotencyKeys();

  const start = async () => {
    const draftId = await reorder.mutateAsync({
      orderId: order.orderId,
      idempotencyKey: keys.keyFor({ reorder: order.orderId }),
    });
    if (!draftId) return;
    keys.forget();
    await navigate(localePath(locale, draftHref(draftId)));
  };

  return (
    <LoadingButton variant="light" isLoading={reorder.isPending} onClick={() => void start()}>
      {intl.formatMessage({ id: 'orders.action.reorder' })}
    </LoadingButton>
  );
}

/**
 * Activating a paid complimentary order's cards (`activateComplimentOrder`), which wait blocked
 * until the company hands them out; asked first, since the cards can then be spent.
 */
export function ActivateCardsButton({ order, onDone }: ActionProps) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const activate = useActivateComplimentOrder();
  const values = { number: order.orderNumber };

  const confirm = async () => {
    const activated = await activate.mutateAsync(order.orderId);
    if (activated === null) return;
    setIsOpen(false);
    onDone?.(intl.formatMessage({ id: 'orders.action.activated' }, { ...values, count: activated }));
  };

  return (
    <>
      <Button variant="light" onClick={() => setIsOpen(true)}>
        {intl.formatMessage({ id: 'orders.action.activate' })}
      </Button>
      <AppModal
        opened={isOpen}
        onClose={() => {
          if (!activate.isPending) setIsOpen(false);
        }}
        title={intl.formatMessage({ id: 'orders.action.activateTitle' }, values)}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: closeLabel }) }}
        centered
      >
        <Text>{intl.formatMessage({ id: 'orders.action.activateText' }, values)}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setIsOpen(false)} disabled={activate.isPending}>
            {intl.formatMessage({ id: 'orders.action.back' })}
          </Button>
          <LoadingButton isLoading={activate.isPending} onClick={() => void confirm()}>
            {intl.formatMessage({ id: 'orders.action.activateConfirm' })}
          </LoadingButton>
        </Group>
      </AppModal>
    </>
  );
}
