import type {
  Locale,
  RecurringAmountMode,
  RecurringCardNote,
  RecurringFailureReason,
  RecurringRuleStatus,
  RecurringRunStatus,
  RecurringSchedule,
  RecurringSubmitMode,
} from '@tessera/domain';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { BADGE_COLOR, type StatusBadge } from '../../../lib/badge-colors';
import { formatDate, formatMoney } from '../../../lib/format';
import { lastFour, type ScheduleKind } from '../model';

/** The words for a recurring rule's values (issue 19), defined once for the feature's pages. */

export const RULE_STATUS_BADGE: Record<RecurringRuleStatus, StatusBadge> = {
  active: { label: 'recurring.status.active', color: BADGE_COLOR.green },
  paused: { label: 'recurring.status.paused', color: BADGE_COLOR.amber },
  ended: { label: 'recurring.status.ended', color: BADGE_COLOR.grey },
};

export const RUN_STATUS_BADGE: Record<RecurringRunStatus, StatusBadge> = {
  created: { label: 'recurring.run.status.created', color: BADGE_COLOR.teal },
  failed: { label: 'recurring.run.status.failed', color: BADGE_COLOR.red },
};

/** Why a run created nothing, in words (every `RECURRING_FAILURE_REASONS` value). */
export const FAILURE_MESSAGE: Record<RecurringFailureReason, MessageId> = {
  companyInactive: 'recurring.failure.companyInactive',
  noValidCards: 'recurring.failure.noValidCards',
  draftLimit: 'recurring.failure.draftLimit',
  missed: 'recurring.failure.missed',
  refused: 'recurring.failure.refused',
};

/** Why a card was left out of a run or moved (every `RECURRING_CARD_NOTES` value). */
export const CARD_NOTE_MESSAGE: Record<RecurringCardNote, MessageId> = {
  blocked: 'recurring.note.blocked',
  expired: 'recurring.note.expired',
  lost: 'recurring.note.lost',
  damaged: 'recurring.note.damaged',
  replaced: 'recurring.note.replaced',
  notFound: 'recurring.note.notFound',
  otherProduct: 'recurring.note.otherProduct',
};

export const AMOUNT_MODE_MESSAGE: Record<RecurringAmountMode, { label: MessageId; text: MessageId }> = {
  perCard: { label: 'recurring.amountMode.perCard', text: 'recurring.amountMode.perCardText' },
  sameForAll: { label: 'recurring.amountMode.sameForAll', text: 'recurring.amountMode.sameForAllText' },
  perWorkingDay: {
    label: 'recurring.amountMode.perWorkingDay',
    text: 'recurring.amountMode.perWorkingDayText',
  },
};

export const SUBMIT_MODE_MESSAGE: Record<RecurringSubmitMode, { label: MessageId; text: MessageId }> = {
  submit: { label: 'recurring.submitMode.submit', text: 'recurring.submitMode.submitText' },
  draft: { label: 'recurring.submitMode.draft', text: 'recurring.submitMode.draftText' },
};

export const SCHEDULE_KIND_MESSAGE: Record<ScheduleKind, MessageId> = {
  monthly: 'recurring.scheduleKind.monthly',
  lastWorkingDay: 'recurring.scheduleKind.lastWorkingDay',
  everyTwoWeeks: 'recurring.scheduleKind.everyTwoWeeks',
};

/** "Μηνιαία, στις 25 (εργάσιμη)", "Τελευταία εργάσιμη του μήνα", "Κάθε δύο εβδομάδες". */
export function scheduleText(intl: IntlShape, schedule: RecurringSchedule): string {
  switch (schedule.kind) {
    case 'monthly':
      return intl.formatMessage(
        {
          id: schedule.workingDaysOnly
            ? 'recurring.schedule.monthlyWorkingDay'
            : 'recurring.schedule.monthly',
        },
        { day: schedule.dayOfMonth },
      );
    case 'lastWorkingDay':
      return intl.formatMessage({ id: 'recurring.schedule.lastWorkingDay' });
    case 'everyTwoWeeks':
      return intl.formatMessage({
        id: schedule.workingDaysOnly
          ? 'recurring.schedule.everyTwoWeeksWorkingDay'
          : 'recurring.schedule.everyTwoWeeks',
      });
  }
}

/** "8,00 € ανά εργάσιμη", "150,00 € ανά κάρτα", "Ποσό ανά κάρτα". */
export function amountText(
  intl: IntlShape,
  rule: { amountMode: RecurringAmountMode; amountCents: number | null },
): string {
  if (rule.amountMode === 'perCard' || rule.amountCents === null) {
    return intl.formatMessage({ id: 'recurring.amount.perCard' });
  }
  return intl.formatMessage(
    {
      id:
        rule.amountMode === 'perWorkingDay'
          ? 'recurring.amount.perWorkingDay'
          : 'recurring.amount.sameForAll',
    },
    { amount: formatMoney(rule.amountCents) },
  );
}

/** A calendar day (`2026-12-24`) as the portal writes dates (`24/12/2026`). */
export function formatDay(day: string, locale: Locale): string {
  // Noon UTC is the same calendar day in Athens all year round.
  return formatDate(`${day}T12:00:00Z`, locale);
}

/** A card line named for people: `Μαρία Παπαδάκη · •••• 1234`, or "a card no longer found". */
export function cardLabelOf(
  intl: IntlShape,
  line: { card: { cardholderName: string; maskedNumber: string } | null },
) {
  return line.card
    ? intl.formatMessage(
        { id: 'recurring.card.label' },
        { holder: line.card.cardholderName, last4: lastFour(line.card.maskedNumber) },
      )
    : intl.formatMessage({ id: 'recurring.card.gone' });
}
