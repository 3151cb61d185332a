import {
  emailGreeting,
  formatAmount,
  formatRf,
  isRefundDue,
  ROLE,
  type Locale,
  type User,
} from '@tessera/domain';
import type { Mailer, MailMessage } from '../../platform/mail';
import type { ContentService } from '../content';
import type { IdentityService } from '../identity';
import type { OrderNotice, OrderRow } from '../orders';
import { formatIban, PROVIDER_BANK_ACCOUNT, PROVIDER_BANK_NAMES } from '../payments';
import {
  orderLabel,
  renderOrderEmail,
  type OrderEmailKind,
  type OrderEmailTemplates,
  type OrderEmailValues,
} from './order-emails';
import { DOCUMENT_TEXTS } from './texts';

export type OrderMailDeps = {
  content: ContentService;
  identity: IdentityService;
  mailer: Mailer;
  publicUrl: string;
  log: { warn(object: object, message: string): void };
};

/**
 * The emails of the order timeline (ADR 010), in each recipient's language, through the mail outbox:
 * the submitter hears of every step of their order; the company's payment managers of an order
 * waiting for their approval. Runs after the change committed; a failure is logged, never undoes it.
 */
export function createOrderMailer(deps: OrderMailDeps) {
  function orderUrl(order: OrderRow, locale: Locale): string {
    return `${deps.publicUrl}${locale === 'el' ? '' : `/${locale}`}/order-details-page?orderId=${order.id}`;
  }

  async function send(
    user: User,
    order: OrderRow,
    kind: OrderEmailKind,
    values: OrderEmailValues,
    extra: Partial<MailMessage> = {},
  ) {
    const locale = user.preferredLanguage;
    const templates = (await deps.content.getEntry('order-emails', locale)) as OrderEmailTemplates;
    const url = orderUrl(order, locale);
    const email = renderOrderEmail(templates, kind, {
      greeting: emailGreeting(user.firstName, locale),
      firstName: user.firstName,
      order: orderLabel({ orderNumber: order.number, draftOrderAlias: order.alias }, locale),
      orderUrl: url,
      amount: formatAmount(Math.abs(order.totalCents)),
      ...values,
    });
    await deps.mailer.send({ to: user.email, ...email, ...extra });
  }

  async function nameOf(userId: string | null): Promise<string> {
    if (!userId) return '';
    const [user] = await deps.identity.usersByIds([userId]);
    return user ? `${user.firstName} ${user.lastName}` : '';
  }

  function paymentValues(order: OrderRow, locale: Locale): OrderEmailValues {
    return {
      rfCode: formatRf(order.rfCode),
      beneficiary: PROVIDER_BANK_ACCOUNT.beneficiary,
      bankName: PROVIDER_BANK_NAMES[locale],
      iban: formatIban(PROVIDER_BANK_ACCOUNT.iban),
    };
  }

  async function deliver(notice: OrderNotice): Promise<void> {
    const { order } = notice;
    const [submitter] = await deps.identity.usersByIds([order.submittedBy]);
    if (!submitter) return;
    const toSubmitter = (kind: OrderEmailKind, values: OrderEmailValues = {}) =>
      send(submitter, order, kind, values);
    switch (notice.kind) {
      case 'submitted': {
        if (order.status === 'awaiting_approval') {
          await toSubmitter('awaitingApproval');
          const approvers = (await deps.identity.companyUsers(order.companyId)).filter(
            (user) => user.userRoleId === ROLE.PAYMENT_MANAGER && user.userId !== order.submittedBy,
          );
          const submitterName = `${submitter.firstName} ${submitter.lastName}`;
          for (const approver of approvers) {
            await send(approver, order, 'approvalRequested', { submitter: submitterName });
          }
        } else {
          await toSubmitter('awaitingPayment', paymentValues(order, submitter.preferredLanguage));
        }
        return;
      }
      case 'approved':
        await toSubmitter('approved', { approver: await nameOf(order.decidedBy) });
        await toSubmitter('awaitingPayment', paymentValues(order, submitter.preferredLanguage));
        return;
      case 'rejected':
        await toSubmitter('rejected', {
          approver: await nameOf(order.decidedBy),
          reason: order.rejectedReason,
        });
        return;
      case 'paid':
        await toSubmitter('paid');
        await toSubmitter(order.status === 'in_production' ? 'inProduction' : 'loaded');
        return;
      case 'paymentFailed': {
        // The bank charged, but the order could not take the money: it is owed back, and the order
        // may no longer await payment, so "try again" would be wrong.
        const reason = notice.payment?.failureReason ?? null;
        if (reason !== null && isRefundDue(reason)) {
          await toSubmitter('refundDue', {
            reason: DOCUMENT_TEXTS[submitter.preferredLanguage].paymentFailures[reason],
          });
        } else {
          await toSubmitter('paymentFailed', { retryUrl: orderUrl(order, submitter.preferredLanguage) });
        }
        return;
      }
      case 'shipped': {
        const tracking = order.trackingNumber || '—';
        await toSubmitter('shipped', {
          trackingNumber: notice.courier ? `${tracking} (${notice.courier})` : tracking,
        });
        return;
      }
      case 'returned': {
        // The company's order managers look after delivery points; the submitter hears of it too.
        const managers = (await deps.identity.companyUsers(order.companyId)).filter(
          (user) => user.userRoleId === ROLE.ORDER_MANAGER && user.userId !== submitter.userId,
        );
        const values = {
          courier: notice.courier ?? '',
          trackingNumber: notice.trackingNumber ?? '',
          reason: notice.reason ?? '',
        };
        for (const user of [submitter, ...managers]) await send(user, order, 'returned', values);
        return;
      }
      case 'delivered':
      case 'loaded':
      case 'unloaded':
        await toSubmitter(notice.kind);
        return;
      case 'approvalExpired': {
        const until = order.approvalExpiresAt ?? order.decidedAt ?? order.submittedAt;
        const days = Math.round((until.getTime() - order.submittedAt.getTime()) / 86_400_000);
        await toSubmitter('approvalExpired', { days: String(days) });
        return;
      }
      // The first of two approvals: the approvers were asked at submission; the next one decides.
      case 'partiallyApproved':
        return;
      case 'cancelled': {
        await toSubmitter('cancelled', { cancelledBy: await nameOf(notice.by ?? null) });
        return;
      }
    }
  }

  return {
    async notify(notice: OrderNotice): Promise<void> {
      try {
        await deliver(notice);
      } catch (error) {
        deps.log.warn({ err: error, orderId: notice.order.id, kind: notice.kind }, 'order email not sent');
      }
    },

    /** Emails the proforma (attached) to a user; answers the address. */
    async sendProforma(user: User, order: OrderRow, pdf: Buffer): Promise<string> {
      await send(user, order, 'proforma', paymentValues(order, user.preferredLanguage), {
        attachments: [
          { filename: `proforma-${order.number}.pdf`, content: pdf, contentType: 'application/pdf' },
        ],
      });
      return user.email;
    },
  };
}

export type OrderMailer = ReturnType<typeof createOrderMailer>;
