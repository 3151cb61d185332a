import {
  emailGreeting,
  formatAmount,
  formatRf,
  recurringPaymentDueDay,
  ROLE,
  type Locale,
  type RecurringFailureReason,
  type User,
} from '@tessera/domain';
import type { OrderRow } from '../orders';
import type { RecurringContext } from './recurring-context';
import type { RuleRow, RunRow } from './repository';

type Email = { subject: string; text: string };
type RecurringEmails = {
  runFailed: Email;
  runAwaitingPayment: Email;
  reminder: Email;
  failureReasons: Record<RecurringFailureReason, string>;
};

/** `2026-12-24` as people read it in Greece, in both languages: `24/12/2026`. */
export function dayText(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * Who hears of a rule: the company's order managers who are not locked, and the rule's author if
 * they still work for the company (provider staff who made it for the company are not mailed).
 */
async function recipientsOf(ctx: RecurringContext, rule: RuleRow): Promise<User[]> {
  const users = await ctx.identity.companyUsers(rule.companyId);
  return users.filter(
    (user) => !user.isLocked && (user.userRoleId === ROLE.ORDER_MANAGER || user.userId === rule.createdBy),
  );
}

function ruleUrl(ctx: RecurringContext, rule: RuleRow, locale: Locale): string {
  return `${ctx.publicUrl}${locale === 'el' ? '' : `/${locale}`}/orders/recurring-rules/${rule.id}`;
}

async function templatesOf(ctx: RecurringContext, locale: Locale): Promise<RecurringEmails> {
  return (await ctx.content.getEntry('recurring-emails', locale)) as RecurringEmails;
}

/** Tells the order managers, in each one's language, that a run made nothing and why (issue 19 §3). */
export async function notifyFailure(ctx: RecurringContext, rule: RuleRow, run: RunRow): Promise<void> {
  for (const user of await recipientsOf(ctx, rule)) {
    const locale = user.preferredLanguage;
    const templates = await templatesOf(ctx, locale);
    const reason = fill(templates.failureReasons[run.failure ?? 'refused'], { detail: run.detail ?? '' });
    const values = {
      greeting: emailGreeting(user.firstName, locale),
      rule: rule.name,
      runDay: dayText(run.runDay),
      reason,
      ruleUrl: ruleUrl(ctx, rule, locale),
    };
    await ctx.mailer.send({
      to: user.email,
      subject: fill(templates.runFailed.subject, values),
      text: fill(templates.runFailed.text, values),
    });
  }
}

/** The reminder N days before a run: its day, cards and total as the preview prices them now. */
export async function sendReminder(
  ctx: RecurringContext,
  rule: RuleRow,
  run: { runDay: string; cardCount: number; totalCents: number },
): Promise<void> {
  for (const user of await recipientsOf(ctx, rule)) {
    const locale = user.preferredLanguage;
    const templates = await templatesOf(ctx, locale);
    const values = {
      greeting: emailGreeting(user.firstName, locale),
      rule: rule.name,
      runDay: dayText(run.runDay),
      cards: String(run.cardCount),
      amount: formatAmount(run.totalCents),
      ruleUrl: ruleUrl(ctx, rule, locale),
    };
    await ctx.mailer.send({
      to: user.email,
      subject: fill(templates.reminder.subject, values),
      text: fill(templates.reminder.text, values),
    });
  }
}

/**
 * Tells the order managers, in each one's language, that a run made an order awaiting payment
 * (issue 34 §3 item 1): its number, amount, RF reference and the day to pay by, one e-mail per
 * order. The bell says the same (`recurringRunAwaitingPayment`) until the order is paid.
 */
export async function notifyAwaitingPayment(
  ctx: RecurringContext,
  rule: RuleRow,
  runDay: string,
  orders: Pick<OrderRow, 'id' | 'number' | 'totalCents' | 'rfCode'>[],
): Promise<void> {
  if (orders.length === 0) return;
  for (const user of await recipientsOf(ctx, rule)) {
    const locale = user.preferredLanguage;
    const templates = await templatesOf(ctx, locale);
    for (const order of orders) {
      const values = {
        greeting: emailGreeting(user.firstName, locale),
        rule: rule.name,
        runDay: dayText(runDay),
        order: `#${order.number}`,
        amount: formatAmount(order.totalCents),
        rfCode: formatRf(order.rfCode),
        dueDay: dayText(recurringPaymentDueDay(runDay)),
        orderUrl: `${ctx.publicUrl}${locale === 'el' ? '' : `/${locale}`}/order-details-page?orderId=${order.id}`,
      };
      await ctx.mailer.send({
        to: user.email,
        subject: fill(templates.runAwaitingPayment.subject, values),
        text: fill(templates.runAwaitingPayment.text, values),
      });
    }
  }
}
