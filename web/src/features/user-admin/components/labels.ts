import { ROLE, type RoleId, type UserStatus } from '@tessera/domain';
import type { MessageId } from '../../../i18n/messages';
import { BADGE_COLOR } from '../../../lib/badge-colors';

/** Every role's name (the shell's `roles.*` texts), in the order the role filter lists them. */
export const ROLE_LABELS: readonly { roleId: RoleId; label: MessageId }[] = [
  { roleId: ROLE.ADMIN, label: 'roles.admin' },
  { roleId: ROLE.CUSTOMER_CARE, label: 'roles.customerCare' },
  { roleId: ROLE.ORDER_MANAGER, label: 'roles.orderManager' },
  { roleId: ROLE.FINANCE_USER, label: 'roles.financeUser' },
  { roleId: ROLE.PAYMENT_MANAGER, label: 'roles.paymentManager' },
  { roleId: ROLE.MERCHANT, label: 'roles.merchant' },
];

export const roleLabelOf = (roleId: number): MessageId =>
  ROLE_LABELS.find((entry) => entry.roleId === roleId)?.label ?? 'roles.orderManager';

/** Filled badges in the dark shades that pass WCAG AA (`lib/badge-colors.ts`). */
export const STATUS_LABELS: Record<UserStatus, { id: MessageId; color: string }> = {
  active: { id: 'userAdmin.status.active', color: BADGE_COLOR.green },
  locked: { id: 'userAdmin.status.locked', color: BADGE_COLOR.red },
  unconfirmed: { id: 'userAdmin.status.unconfirmed', color: BADGE_COLOR.amber },
};
