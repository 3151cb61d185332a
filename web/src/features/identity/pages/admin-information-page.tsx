import { Anchor, Badge, Group, Paper } from '@mantine/core';
import { ROLE, type RoleId } from '@tessera/domain';
import type { MessageId } from '../../../i18n/messages';
import { useIntl } from 'react-intl';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AvatarTitle } from '../../../ui/avatar-title';
import { LanguageLink } from '../../../ui/language-link';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useMe } from '../api/get-me';
import { useRelatedCompanies } from '../../../lib/api/related-companies';
import { AccountHeader } from '../components/account-header';

const ROLE_NAMES: Record<RoleId, MessageId> = {
  [ROLE.ADMIN]: 'roles.admin',
  [ROLE.CUSTOMER_CARE]: 'roles.customerCare',
  [ROLE.ORDER_MANAGER]: 'roles.orderManager',
  [ROLE.FINANCE_USER]: 'roles.financeUser',
  [ROLE.PAYMENT_MANAGER]: 'roles.paymentManager',
  [ROLE.MERCHANT]: 'roles.merchant',
};

/**
 * `/account/admin-information`: the signed-in user's own profile (name, email, role, preferred
 * language, related companies with their names).
 */
export function AdminInformationPage() {
  const intl = useIntl();
  const session = useSession();
  const me = useMe();
  const title = intl.formatMessage({ id: 'pages.accountAdminInformation' });
  useDocumentTitle(title);
  const roleId = session.data?.user.userRoleId;
  const hasCompanies = (session.data?.user.relatedCompanies.length ?? 0) > 0 && roleId !== ROLE.MERCHANT;
  const companies = useRelatedCompanies(hasCompanies);

  let body;
  if (me.isPending) body = <LoadingState />;
  else if (me.isError) body = <ErrorState onRetry={() => void me.refetch()} />;
  else {
    const user = me.data;
    const fullName = `${user.firstName} ${user.lastName}`.trim();
    const names = new Map((companies.data ?? []).map((company) => [company.companyId, company.name]));
    body = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} className="tessera-profile-card">
        <AvatarTitle name={fullName} title={fullName} subtitle={user.email} />
        <dl className="tessera-definitions">
          <div>
            <dt>{intl.formatMessage({ id: 'identity.profile.name' })}</dt>
            <dd>{fullName}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'identity.profile.email' })}</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'identity.profile.role' })}</dt>
            <dd>{intl.formatMessage({ id: ROLE_NAMES[user.userRoleId] })}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'identity.profile.language' })}</dt>
            <dd>{intl.formatMessage({ id: `languages.${user.preferredLanguage}` })}</dd>
          </div>
          {user.userRoleId !== ROLE.MERCHANT ? (
            <div>
              <dt>{intl.formatMessage({ id: 'identity.profile.companies' })}</dt>
              <dd>
                {user.relatedCompanies.length === 0 ? (
                  intl.formatMessage({ id: 'identity.profile.noCompanies' })
                ) : (
                  <ul className="tessera-plain-list">
                    {user.relatedCompanies.map(({ companyId }) => (
                      <li key={companyId}>
                        <Group gap="xs" wrap="nowrap">
                          {names.has(companyId) ? <span>{names.get(companyId)}</span> : null}
                          <Badge variant="light" color="gray" radius="sm">
                            {companyId}
                          </Badge>
                        </Group>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          ) : null}
        </dl>
        <Anchor component={LanguageLink} to="/account/change-password" fw={600}>
          {intl.formatMessage({ id: 'identity.profile.changePassword' })}
        </Anchor>
      </Paper>
    );
  }

  return (
    <section
      className="tessera-page tessera-page--narrow tessera-account"
      aria-labelledby="admin-information-title"
    >
      <AccountHeader title={title} id="admin-information-title" />
      {body}
    </section>
  );
}
