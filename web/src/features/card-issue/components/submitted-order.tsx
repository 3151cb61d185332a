import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { roleMay, SubmitOrderResponseSchema, type SubmitOrderResponse } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { LanguageLink } from '../../../ui/language-link';
import { PaymentInstructions } from '../../../ui/payment-instructions';
import { PayOrder } from '../../../lib/pay-order-slot';

/** Where the payment step leaves the submission's answer: in the history entry of the outcome. */
export const SUBMITTED_STATE_KEY = 'submittedOrder';

/** The submission's answer kept in a history entry's state, or null (checked: the entry may be old). */
export function submittedOrderOf(state: unknown): SubmitOrderResponse | null {
  if (typeof state !== 'object' || state === null || !(SUBMITTED_STATE_KEY in state)) return null;
  const parsed = SubmitOrderResponseSchema.safeParse((state as Record<string, unknown>)[SUBMITTED_STATE_KEY]);
  return parsed.success ? parsed.data : null;
}

/**
 * What became of a submitted draft: sent for approval; on its way to the bank (a card payment);
 * waiting for a transfer (RF, IRIS: what to transfer); or awaiting payment (pay it now, when the
 * role pays). Always with the way to the order's page.
 */
export function SubmittedOrder({ result }: { result: SubmitOrderResponse }) {
  const intl = useIntl();
  const roleId = useSession().data?.user.userRoleId;
  const { order, payment } = result;
  const values = { number: order.orderNumber, total: formatMoney(order.totalCents) };
  const orderLink = (
    <Anchor component={LanguageLink} to={paths.orderDetails.href(order.orderId)} fw={600}>
      {intl.formatMessage({ id: 'cardIssue.submitted.toOrder' }, values)}
    </Anchor>
  );

  let body;
  if (order.status === 'awaiting_approval') {
    body = (
      <Alert
        color="yellow"
        variant="light"
        title={intl.formatMessage({ id: 'cardIssue.submitted.approvalTitle' })}
      >
        <Stack gap="xs">
          <Text>{intl.formatMessage({ id: 'cardIssue.submitted.approvalText' }, values)}</Text>
          {orderLink}
        </Stack>
      </Alert>
    );
  } else if (payment) {
    body = (
      <Stack gap="md">
        <Text>{intl.formatMessage({ id: 'cardIssue.submitted.paymentText' }, values)}</Text>
        <PaymentInstructions payment={payment} headingLevel={3} />
        {orderLink}
      </Stack>
    );
  } else {
    const canPay =
      roleId !== undefined && roleMay(roleId, 'orders.pay') && order.status === 'awaiting_payment';
    body = (
      <Stack gap="md">
        <Text>{intl.formatMessage({ id: 'cardIssue.submitted.awaitingPaymentText' }, values)}</Text>
        {canPay ? (
          <PayOrder orderId={order.orderId} headingLevel={3} />
        ) : (
          <Text>{intl.formatMessage({ id: 'cardIssue.submitted.paidByCompany' })}</Text>
        )}
        {orderLink}
      </Stack>
    );
  }

  return (
    <section aria-labelledby="submitted-order-title" className="tessera-issue__step">
      <Title order={2} id="submitted-order-title" mb="md">
        {intl.formatMessage({ id: 'cardIssue.submitted.title' }, values)}
      </Title>
      {body}
      <Group mt="xl">
        <Anchor component={LanguageLink} to={paths.orderHistory.href()}>
          {intl.formatMessage({ id: 'cardIssue.submitted.toHistory' })}
        </Anchor>
      </Group>
    </section>
  );
}
