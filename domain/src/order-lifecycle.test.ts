import { describe, expect, it } from 'vitest';
import { mayApprove, mayCancel, mayPay, needsApproval, timelineOf } from './order-lifecycle';
import { paymentMethodsFor, VISA_MAX_CENTS } from './payments';
import { shipsCards } from './orders';
import { ROLE } from './roles';

describe('the approval rule (ADR 010)', () => {
  it('holds order managers’ orders above the threshold only', () => {
    expect(needsApproval({ thresholdCents: 100_000 }, ROLE.ORDER_MANAGER, 100_001)).toBe(true);
    expect(needsApproval({ thresholdCents: 100_000 }, ROLE.ORDER_MANAGER, 100_000)).toBe(false);
    expect(needsApproval({ thresholdCents: null }, ROLE.ORDER_MANAGER, 10_000_000)).toBe(false);
    expect(needsApproval({ thresholdCents: 0 }, ROLE.FINANCE_USER, 1)).toBe(false);
    expect(needsApproval({ thresholdCents: 0 }, ROLE.PAYMENT_MANAGER, 1)).toBe(false);
    // ADR 032: provider staff acting for the company make drafts, so their submissions wait too.
    expect(needsApproval({ thresholdCents: 0 }, ROLE.ADMIN, 1)).toBe(true);
  });

  it('lets approvers decide others’ waiting orders, never their own', () => {
    const waiting = { status: 'awaiting_approval' as const, submittedBy: 'u1' };
    expect(mayApprove(waiting, { userId: 'u2', roleId: ROLE.PAYMENT_MANAGER })).toBe(true);
    expect(mayApprove(waiting, { userId: 'u1', roleId: ROLE.PAYMENT_MANAGER })).toBe(false);
    expect(mayApprove(waiting, { userId: 'u2', roleId: ROLE.ORDER_MANAGER })).toBe(false);
    expect(mayApprove(waiting, { userId: 'u2', roleId: ROLE.CUSTOMER_CARE })).toBe(true);
    expect(mayApprove({ ...waiting, status: 'awaiting_payment' }, { userId: 'u2', roleId: ROLE.ADMIN })).toBe(
      false,
    );
  });

  it('lets company payers pay and submitters or approvers cancel open orders', () => {
    const open = { status: 'awaiting_payment' as const, submittedBy: 'u1' };
    expect(mayPay(open, { roleId: ROLE.ORDER_MANAGER })).toBe(true);
    expect(mayPay(open, { roleId: ROLE.ADMIN })).toBe(false);
    expect(mayPay({ status: 'loaded' }, { roleId: ROLE.FINANCE_USER })).toBe(false);
    expect(mayCancel(open, { userId: 'u1', roleId: ROLE.ORDER_MANAGER })).toBe(true);
    expect(mayCancel(open, { userId: 'u3', roleId: ROLE.ORDER_MANAGER })).toBe(false);
    expect(mayCancel({ ...open, status: 'loaded' }, { userId: 'u1', roleId: ROLE.ORDER_MANAGER })).toBe(
      false,
    );
  });
});

describe('the order timeline', () => {
  it('passes production and the courier only for plastic cards made', () => {
    expect(shipsCards({ orderType: 'NEW', family: 'plastic' })).toBe(true);
    expect(shipsCards({ orderType: 'NEW', family: 'virtual' })).toBe(false);
    expect(shipsCards({ orderType: 'LOAD', family: 'plastic' })).toBe(false);
    expect(shipsCards({ orderType: 'LOST', family: 'spendeo' })).toBe(true);
    expect(timelineOf({ orderType: 'NEW', family: 'plastic', approvalRequired: true })).toEqual([
      'draft',
      'awaiting_approval',
      'awaiting_payment',
      'paid',
      'in_production',
      'shipped',
      'delivered',
      'loaded',
    ]);
    expect(timelineOf({ orderType: 'LOAD', family: 'plastic', approvalRequired: false })).toEqual([
      'draft',
      'awaiting_payment',
      'paid',
      'loaded',
    ]);
  });

  it('offers card payment up to the card limit only', () => {
    expect(paymentMethodsFor(VISA_MAX_CENTS).every((entry) => entry.available)).toBe(true);
    expect(paymentMethodsFor(VISA_MAX_CENTS + 1).find((entry) => entry.method === 'VISA')?.available).toBe(
      false,
    );
  });
});
