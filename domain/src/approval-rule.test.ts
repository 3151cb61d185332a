import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  approvalExpiresAt,
  approvalOutcome,
  approvalRefusal,
  approvalsRequired,
  ApprovalSettingsSchema,
  isStepUpAmount,
  SECOND_THRESHOLD_BELOW_FIRST,
  type ApprovalRule,
} from './approval-rule';
import { ROLE, ROLE_IDS, type RoleId } from './roles';

const rule = (thresholdCents: number | null, secondThresholdCents: number | null = null): ApprovalRule => ({
  thresholdCents,
  secondThresholdCents,
  expiryDays: 14,
});

describe('approvals an order needs (ADR 032)', () => {
  it('counts none at or below the threshold, one above it, two above the second', () => {
    const r = rule(100_000, 500_000);
    expect(approvalsRequired(r, ROLE.ORDER_MANAGER, 100_000)).toBe(0);
    expect(approvalsRequired(r, ROLE.ORDER_MANAGER, 100_001)).toBe(1);
    expect(approvalsRequired(r, ROLE.ORDER_MANAGER, 500_000)).toBe(1);
    expect(approvalsRequired(r, ROLE.ORDER_MANAGER, 500_001)).toBe(2);
    expect(approvalsRequired(rule(null), ROLE.ORDER_MANAGER, 99_000_000)).toBe(0);
  });

  it('counts a finance user’s or payment manager’s submission as the first check; provider staff’s as none', () => {
    const r = rule(100_000, 500_000);
    expect(approvalsRequired(r, ROLE.FINANCE_USER, 200_000)).toBe(0);
    expect(approvalsRequired(r, ROLE.PAYMENT_MANAGER, 600_000)).toBe(1);
    expect(approvalsRequired(r, ROLE.ADMIN, 200_000)).toBe(1);
    expect(approvalsRequired(r, ROLE.CUSTOMER_CARE, 600_000)).toBe(2);
  });

  it('counts no check by a submitter who made the draft, whatever their role (ADR 040)', () => {
    const r = rule(100_000, 500_000);
    expect(approvalsRequired(r, ROLE.PAYMENT_MANAGER, 200_000, { submitterMadeIt: true })).toBe(1);
    expect(approvalsRequired(r, ROLE.FINANCE_USER, 600_000, { submitterMadeIt: true })).toBe(2);
    expect(approvalsRequired(r, ROLE.FINANCE_USER, 600_000, { submitterMadeIt: false })).toBe(1);
  });

  it('asks for more, never fewer, when a second threshold lies below the first', () => {
    expect(approvalsRequired(rule(100_000, 50_000), ROLE.ORDER_MANAGER, 100_001)).toBe(2);
    expect(approvalsRequired(rule(100_000, 50_000), ROLE.ORDER_MANAGER, 80_000)).toBe(0);
  });

  it('expires N days after submission', () => {
    expect(approvalExpiresAt(new Date('2026-03-01T10:00:00Z'), 14).toISOString()).toBe(
      '2026-03-15T10:00:00.000Z',
    );
  });
});

describe('who may approve', () => {
  const waiting = {
    status: 'awaiting_approval' as const,
    submittedBy: 'u1',
    draftedBy: 'u4',
    approvedBy: ['u2'],
  };
  it('refuses the submitter, the draft’s maker, a second approval by the same person and other roles', () => {
    expect(approvalRefusal(waiting, { userId: 'u3', roleId: ROLE.PAYMENT_MANAGER })).toBeNull();
    expect(approvalRefusal(waiting, { userId: 'u1', roleId: ROLE.PAYMENT_MANAGER })).toBe('ownOrder');
    expect(approvalRefusal(waiting, { userId: 'u4', roleId: ROLE.ADMIN })).toBe('ownOrder');
    expect(approvalRefusal(waiting, { userId: 'u2', roleId: ROLE.PAYMENT_MANAGER })).toBe('alreadyApproved');
    expect(approvalRefusal(waiting, { userId: 'u3', roleId: ROLE.FINANCE_USER })).toBe('notApprover');
    expect(
      approvalRefusal({ ...waiting, status: 'awaiting_payment' }, { userId: 'u3', roleId: ROLE.ADMIN }),
    ).toBe('notWaiting');
  });

  it('refuses everyone who made the order, not only its submitter and drafter (ADR 040)', () => {
    // An API client's order: submitted and drafted by the client, made by its creator and rotator.
    const byClient = {
      ...waiting,
      submittedBy: 'client',
      draftedBy: 'client',
      madeBy: ['client', 'u5', 'u6'],
    };
    expect(approvalRefusal(byClient, { userId: 'u5', roleId: ROLE.ADMIN })).toBe('ownOrder');
    expect(approvalRefusal(byClient, { userId: 'u6', roleId: ROLE.PAYMENT_MANAGER })).toBe('ownOrder');
    expect(approvalRefusal(byClient, { userId: 'u3', roleId: ROLE.PAYMENT_MANAGER })).toBeNull();
  });
});

describe('step-up for money (issue 33 §9, ADR 040)', () => {
  it('asks from the company’s minimum on, every amount with none, and always for an order that waits', () => {
    expect(isStepUpAmount(0, 1)).toBe(true);
    expect(isStepUpAmount(0, 0)).toBe(true);
    expect(isStepUpAmount(100_000, 99_999)).toBe(false);
    expect(isStepUpAmount(100_000, 100_000)).toBe(true);
    expect(isStepUpAmount(100_000, -150_000)).toBe(true);
    expect(isStepUpAmount(100_000, 5_000, { waitsForApproval: true })).toBe(true);
  });
});

describe('approval settings', () => {
  it('requires the second threshold to be at least the first, and the first to be on', () => {
    const issues = (input: object) =>
      ApprovalSettingsSchema.safeParse(input).error?.issues.map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]);
    expect(issues({ thresholdCents: 5_000, secondThresholdCents: 4_999 })).toEqual([
      ['secondThresholdCents', SECOND_THRESHOLD_BELOW_FIRST],
    ]);
    expect(issues({ thresholdCents: null, secondThresholdCents: 4_999 })).toEqual([
      ['secondThresholdCents', SECOND_THRESHOLD_BELOW_FIRST],
    ]);
    expect(issues({ thresholdCents: 5_000, secondThresholdCents: 5_000, expiryDays: 0 })?.[0]?.[0]).toBe(
      'expiryDays',
    );
    expect(ApprovalSettingsSchema.parse({ thresholdCents: 5_000 })).toEqual({
      thresholdCents: 5_000,
      secondThresholdCents: null,
      expiryDays: 14,
    });
  });
});

describe('the preview never contradicts the switch or the thresholds (property)', () => {
  const cents = fc.integer({ min: 0, max: 100_000_000 });
  const settings = fc
    .record({
      on: fc.boolean(),
      first: cents,
      extra: fc.option(cents, { nil: null }),
      days: fc.integer({ min: 1, max: 90 }),
    })
    .map(({ on, first, extra, days }) =>
      ApprovalSettingsSchema.parse({
        thresholdCents: on ? first : null,
        secondThresholdCents: on && extra !== null ? Math.min(100_000_000, first + extra) : null,
        expiryDays: days,
      }),
    );
  const role = fc.constantFrom<RoleId>(...ROLE_IDS);

  it('says "straight to payment" exactly when nothing waits, and names the days whenever something does', () => {
    fc.assert(
      fc.property(settings, cents, role, (rule, total, submitter) => {
        const outcome = approvalOutcome(rule, submitter, total);
        const aboveFirst = rule.thresholdCents !== null && total > rule.thresholdCents;
        const aboveSecond = rule.secondThresholdCents !== null && total > rule.secondThresholdCents;
        // The switch off, or at or below the first threshold: straight to payment.
        if (!aboveFirst) expect(outcome.kind).toBe('straightToPayment');
        if (submitter === ROLE.ORDER_MANAGER) {
          if (aboveFirst && !aboveSecond)
            expect(outcome).toEqual({ kind: 'oneApprover', expiryDays: rule.expiryDays });
          if (aboveSecond) expect(outcome).toEqual({ kind: 'twoApprovers', expiryDays: rule.expiryDays });
        }
        // Two approvers never without a second threshold exceeded; never more than the order manager's.
        if (outcome.kind === 'twoApprovers') expect(aboveSecond).toBe(true);
        const om = approvalsRequired(rule, ROLE.ORDER_MANAGER, total);
        expect(approvalsRequired(rule, submitter, total)).toBeLessThanOrEqual(om);
        // A larger order never needs fewer approvals.
        expect(approvalsRequired(rule, submitter, total + 1)).toBeGreaterThanOrEqual(
          approvalsRequired(rule, submitter, total),
        );
      }),
      { numRuns: 2_000 },
    );
  });
});
