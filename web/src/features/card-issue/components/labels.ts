import { type CardIssueReason } from '@tessera/domain';
import type { MessageId } from '../../../i18n/messages';
import type { PickerFilter } from '../model';

/** The page title of each reason. */
export const REASON_TITLE: Record<CardIssueReason, MessageId> = {
  'new-card': 'cardIssue.reason.newCard.title',
  'load-card': 'cardIssue.reason.loadCard.title',
  'damaged-card': 'cardIssue.reason.damagedCard.title',
  'expired-card': 'cardIssue.reason.expiredCard.title',
  'lost-card': 'cardIssue.reason.lostCard.title',
  'upgrade-card': 'cardIssue.reason.upgradeCard.title',
  'expiring-trc': 'cardIssue.reason.expiringTrc.title',
  'expiring-trz': 'cardIssue.reason.expiringTrz.title',
  'recurring-rule': 'cardIssue.reason.recurringRule.title',
};

/** What each reason does, in a sentence. */
export const REASON_TEXT: Record<CardIssueReason, MessageId> = {
  'new-card': 'cardIssue.reason.newCard.text',
  'load-card': 'cardIssue.reason.loadCard.text',
  'damaged-card': 'cardIssue.reason.damagedCard.text',
  'expired-card': 'cardIssue.reason.expiredCard.text',
  'lost-card': 'cardIssue.reason.lostCard.text',
  'upgrade-card': 'cardIssue.reason.upgradeCard.text',
  'expiring-trc': 'cardIssue.reason.expiringTrc.text',
  'expiring-trz': 'cardIssue.reason.expiringTrz.text',
  'recurring-rule': 'cardIssue.reason.recurringRule.text',
};

export const PICKER_FILTER_LABEL: Record<PickerFilter, MessageId> = {
  active: 'cardIssue.picker.filter.active',
  blocked: 'cardIssue.picker.filter.blocked',
  damaged: 'cardIssue.picker.filter.damaged',
  lost: 'cardIssue.picker.filter.lost',
  expired: 'cardIssue.picker.filter.expired',
  expiringSoon: 'cardIssue.picker.filter.expiringSoon',
};
