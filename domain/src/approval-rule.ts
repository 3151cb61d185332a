import { z } from 'zod';
import { roleMay } from './policies';
import { AmountCentsSchema } from './products';
import { ROLE, type RoleId } from './roles';

/**
 * Maker-checker made complete (issue 21, docs/decisions/032-maker-checker.md): the one rule that
 * says how many approvals an order needs before its money may move, who may give them, and how long
 * they may take. The server decides with these functions; the settings page previews with them.
 */

/** Days an order may wait for approval before it expires (company setting). */
export const APPROVAL_EXPIRY_DAYS_DEFAULT = 14;
export const APPROVAL_EXPIRY_DAYS_MIN = 1;
export const APPROVAL_EXPIRY_DAYS_MAX = 90;

/** The message of the settings' cross-field check; the server maps it to its catalogue key. */
export const SECOND_THRESHOLD_BELOW_FIRST = 'second threshold below first';

/** The company's approval rule. */
export type ApprovalRule = {
  /** Null: the switch is off, no order waits for approval. */
  thresholdCents: number | null;
  /** Orders above it need two approvals by two different people; null: one approval is enough. */
  secondThresholdCents: number | null;
  /** Days an order waits for its approvals before it expires. */
  expiryDays: number;
};

export const ApprovalExpiryDaysSchema = z
  .number()
  .int()
  .min(APPROVAL_EXPIRY_DAYS_MIN)
  .max(APPROVAL_EXPIRY_DAYS_MAX);

/**
 * `GET/POST approvalSettings` (/paymentManager): the switch is on when `thresholdCents` is set; a
 * second threshold, optional, is at least the first (and needs the first); approvals expire after
 * `expiryDays`.
 */
export const ApprovalSettingsSchema = z
  .object({
    thresholdCents: AmountCentsSchema.nullable(),
    secondThresholdCents: AmountCentsSchema.nullable().default(null),
    expiryDays: ApprovalExpiryDaysSchema.default(APPROVAL_EXPIRY_DAYS_DEFAULT),
    /**
     * From this total on, a submission, payment or unload by a person with a second factor asks for
     * a fresh code (issue 33 §9, ADR 040); 0 (the default): every one. Absent: kept as it is.
     */
    stepUpMinCents: AmountCentsSchema.optional(),
  })
  .superRefine((settings, ctx) => {
    if (settings.secondThresholdCents === null) return;
    if (settings.thresholdCents === null || settings.secondThresholdCents < settings.thresholdCents) {
      ctx.addIssue({ code: 'custom', path: ['secondThresholdCents'], message: SECOND_THRESHOLD_BELOW_FIRST });
    }
  });
export type ApprovalSettings = z.output<typeof ApprovalSettingsSchema>;
export type ApprovalSettingsInput = z.input<typeof ApprovalSettingsSchema>;

export const ApprovalSettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: z.object({
    thresholdCents: z.number().int().nullable(),
    secondThresholdCents: z.number().int().nullable(),
    expiryDays: z.number().int(),
    stepUpMinCents: z.number().int(),
  }),
});
export type ApprovalSettingsResponse = z.infer<typeof ApprovalSettingsResponseSchema>;

/** The company's money settings as saved: its approval rule and its step-up minimum (ADR 040). */
export type OrderMoneySettings = ApprovalRule & { stepUpMinCents: number };

/**
 * Whether a money move of `amountCents` asks a person with a second factor for a fresh code (issue
 * 33 §9, ADR 040): from the company's minimum on (0: always), and whatever the minimum an order that
 * waits for approval (ADR 031's rule, which the minimum never relaxes).
 */
export function isStepUpAmount(
  stepUpMinCents: number,
  amountCents: number,
  options: { waitsForApproval?: boolean } = {},
): boolean {
  return options.waitsForApproval === true || Math.abs(amountCents) >= stepUpMinCents;
}

/**
 * The roles whose submission is itself a check of someone else's work: finance users and payment
 * managers cannot make or change drafts (`drafts.manage`), so the draft they submit was prepared by
 * another person. Their submission counts as the first approval; order managers and provider staff
 * acting for the company prepare drafts, so their submissions count as none.
 */
export const CHECKER_SUBMITTER_ROLES: readonly RoleId[] = [ROLE.FINANCE_USER, ROLE.PAYMENT_MANAGER];

/** How many people must say yes to an order of this total, before any submitter is counted. */
export function approvalLevel(
  rule: Pick<ApprovalRule, 'thresholdCents' | 'secondThresholdCents'>,
  totalCents: number,
): 0 | 1 | 2 {
  if (rule.thresholdCents === null || totalCents <= rule.thresholdCents) return 0;
  // A second threshold below the first (set before it was validated) can only ask for more.
  if (rule.secondThresholdCents !== null && totalCents > rule.secondThresholdCents) return 2;
  return 1;
}

/**
 * The approvals an order still needs once submitted (0: it goes straight to payment): the level of
 * its total, less one when the submitter is a checker of someone else's draft. A submitter who is
 * one of the draft's makers (ADR 040) checks nothing, whatever their role. Never more than two, and
 * with the switch off always none.
 */
export function approvalsRequired(
  rule: Pick<ApprovalRule, 'thresholdCents' | 'secondThresholdCents'>,
  submitterRole: RoleId,
  totalCents: number,
  options: { submitterMadeIt?: boolean } = {},
): 0 | 1 | 2 {
  const level = approvalLevel(rule, totalCents);
  if (level === 0) return 0;
  const isCheck = CHECKER_SUBMITTER_ROLES.includes(submitterRole) && !options.submitterMadeIt;
  return isCheck ? ((level - 1) as 0 | 1) : level;
}

/** What happens to an order submitted now: the plain-words preview of the settings page. */
export type ApprovalOutcome =
  | { kind: 'straightToPayment' }
  | { kind: 'oneApprover'; expiryDays: number }
  | { kind: 'twoApprovers'; expiryDays: number };

/** The outcome of an order of `totalCents` submitted by `submitterRole` under `rule`. */
export function approvalOutcome(
  rule: ApprovalRule,
  submitterRole: RoleId,
  totalCents: number,
): ApprovalOutcome {
  const required = approvalsRequired(rule, submitterRole, totalCents);
  if (required === 0) return { kind: 'straightToPayment' };
  return { kind: required === 1 ? 'oneApprover' : 'twoApprovers', expiryDays: rule.expiryDays };
}

/** When an order submitted at `submittedAt` expires if nobody decides it. */
export function approvalExpiresAt(submittedAt: Date, expiryDays: number): Date {
  return new Date(submittedAt.getTime() + expiryDays * 86_400_000);
}

/** An order as the approval rule sees it. */
export type ApprovableOrder = {
  /**
   * The order's status (`OrderStatus` of order-lifecycle.ts, which builds on this rule; only
   * `awaiting_approval` waits for a decision).
   */
  status: string;
  submittedBy: string;
  /** Who prepared the draft it came from (null when unknown). */
  draftedBy?: string | null;
  /**
   * Everyone who made the order (ADR 040): the submitter, whoever made or changed its draft, and the
   * people behind what made it (an API client, a recurring rule, a bulk file, a reordered order).
   */
  madeBy?: readonly string[];
  /** Who has approved it so far. */
  approvedBy?: readonly string[];
};

/** Why a user may not approve an order, or null when they may. */
export type ApprovalRefusal = 'notWaiting' | 'notApprover' | 'ownOrder' | 'alreadyApproved';

/**
 * Whether a user may approve (or reject) an order now, and if not why: the order waits, the user's
 * role approves (`orders.reject`), they made none of it (submitted it, prepared or changed its draft,
 * or stand behind what made it: ADR 040), and they have not approved it already (two approvals are
 * two different people).
 */
export function approvalRefusal(
  order: ApprovableOrder,
  user: { userId: string; roleId: RoleId },
): ApprovalRefusal | null {
  if (order.status !== 'awaiting_approval') return 'notWaiting';
  if (!roleMay(user.roleId, 'orders.reject')) return 'notApprover';
  if (
    order.submittedBy === user.userId ||
    order.draftedBy === user.userId ||
    order.madeBy?.includes(user.userId)
  ) {
    return 'ownOrder';
  }
  if (order.approvedBy?.includes(user.userId)) return 'alreadyApproved';
  return null;
}
