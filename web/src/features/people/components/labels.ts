import { ROLE, type AGENT_KINDS, type RoleId } from '@tessera/domain';
import type { MessageId } from '../../../i18n/messages';

export const AGENT_KIND_LABELS: Record<(typeof AGENT_KINDS)[number], MessageId> = {
  account_manager: 'account.agents.kind.accountManager',
  customer_care: 'account.agents.kind.customerCare',
};

/** The company roles a user list shows, in order, with their group headings (plural). */
export const COMPANY_ROLE_GROUPS: readonly { roleId: RoleId; heading: MessageId; name: MessageId }[] = [
  { roleId: ROLE.ORDER_MANAGER, heading: 'account.people.group.orderManagers', name: 'roles.orderManager' },
  { roleId: ROLE.FINANCE_USER, heading: 'account.people.group.financeUsers', name: 'roles.financeUser' },
  {
    roleId: ROLE.PAYMENT_MANAGER,
    heading: 'account.people.group.paymentManagers',
    name: 'roles.paymentManager',
  },
];
