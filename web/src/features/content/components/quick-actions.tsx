import { Card, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import {
  MAX_DRAFT_ORDERS,
  PRODUCTS,
  ROLE,
  type CardFamily,
  type NotificationStatusResponse,
  type RoleId,
} from '@tessera/domain';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useDraftCount } from '../../../lib/draft-orders';
import { CARD_ISSUE_INFO_PATH, startIssueFlow } from '../../../lib/order-draft';
import { useStartTopUp, type TopUpProduct } from '../../../lib/ready-to-top-up';
import { useSession } from '../../../lib/session';
import { useStore } from '../../../lib/storage';
import { useActingCompanyId } from '../../../lib/use-acting-company';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { useNotificationStatus } from '../api/get-notification-status';
import './quick-actions.css';

/** Issuing and loading: the order manager, and provider staff acting for a company (SPEC §6). */
const ORDERING_ROLES: readonly RoleId[] = [ROLE.ADMIN, ROLE.CUSTOMER_CARE, ROLE.ORDER_MANAGER];

type TopUp = { product: TopUpProduct; family: CardFamily; count: number };

/** The cards ready to top up, per product and family, as the bell counts them (TRC, TRZ, …). */
function topUpsOf(status: NotificationStatusResponse | null | undefined): TopUp[] {
  if (!status) return [];
  const all: TopUp[] = [
    { product: 'TICKET_RESTAURANT', family: 'plastic', count: status.readyToTopUpCards.plastic },
    { product: 'TICKET_RESTAURANT', family: 'virtual', count: status.readyToTopUpCards.virtual },
    { product: 'SPENDEO', family: 'spendeo', count: status.spendeo.readyToTopUpCards },
    { product: 'MY_BENEFITS', family: 'mybenefits', count: status.myBenefits.readyToTopUpCards },
  ];
  return all.filter((topUp) => topUp.count > 0);
}

function Tile({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card component="li" withBorder radius="md" padding="lg" className="tessera-quick-action">
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * The home page's quick actions for whoever orders for a company: new cards, loading cards, the
 * cards ready to top up per product (when the notification status says there are some) and the
 * drafts with their count. Renders nothing for anyone else.
 */
export function QuickActions() {
  const session = useSession();
  const companyId = useActingCompanyId();
  const roleId = session.data?.user.userRoleId;
  if (roleId === undefined || !ORDERING_ROLES.includes(roleId) || companyId === null) return null;
  return <QuickActionTiles companyId={companyId} />;
}

function QuickActionTiles({ companyId }: { companyId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const status = useNotificationStatus(companyId);
  const count = useDraftCount(companyId, locale);
  const [storedTotal] = useStore('draftTotal');
  const { startTopUp, pending } = useStartTopUp(companyId);
  const drafts = count.data ?? (storedTotal ? { ...storedTotal, max: MAX_DRAFT_ORDERS } : null);

  const productLabel = ({ product, family }: TopUp) => {
    const name = PRODUCTS[product].name[locale];
    if (PRODUCTS[product].families.length === 1) return name;
    const familyName = intl.formatMessage({ id: `drafts.family.${family}` as const });
    return intl.formatMessage({ id: 'drafts.productFamily' }, { product: name, family: familyName });
  };

  return (
    <section aria-labelledby="quick-actions-title" className="tessera-quick-actions">
      <Title order={2} id="quick-actions-title" mb="md">
        {intl.formatMessage({ id: 'drafts.quickActions.title' })}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" component="ul" className="tessera-tiles">
        <Tile
          title={
            <LanguageLink
              to={CARD_ISSUE_INFO_PATH}
              className="tessera-quick-action__control"
              onClick={() => startIssueFlow('new-card')}
            >
              {intl.formatMessage({ id: 'drafts.quickActions.newCards' })}
            </LanguageLink>
          }
        >
          <Text mt="xs">{intl.formatMessage({ id: 'drafts.quickActions.newCardsText' })}</Text>
        </Tile>
        <Tile
          title={
            <LanguageLink to="/card-load" className="tessera-quick-action__control">
              {intl.formatMessage({ id: 'drafts.quickActions.loadCards' })}
            </LanguageLink>
          }
        >
          <Text mt="xs">{intl.formatMessage({ id: 'drafts.quickActions.loadCardsText' })}</Text>
        </Tile>
        {topUpsOf(status.data).map((topUp) => {
          const isPending = pending?.product === topUp.product && pending.family === topUp.family;
          return (
            <Tile
              key={`${topUp.product}:${topUp.family}`}
              title={
                <UnstyledButton
                  className="tessera-quick-action__control"
                  disabled={pending !== null}
                  aria-busy={isPending || undefined}
                  onClick={() => void startTopUp({ product: topUp.product, family: topUp.family })}
                >
                  {intl.formatMessage({ id: 'drafts.quickActions.topUp' }, { product: productLabel(topUp) })}
                </UnstyledButton>
              }
            >
              <Text mt="xs">
                {intl.formatMessage({ id: 'drafts.quickActions.topUpText' }, { count: topUp.count })}
              </Text>
            </Tile>
          );
        })}
        <Tile
          title={
            <LanguageLink to="/draft-orders" className="tessera-quick-action__control">
              {intl.formatMessage({ id: 'drafts.quickActions.drafts' })}
            </LanguageLink>
          }
        >
          {drafts ? (
            <Text mt="xs">
              {intl.formatMessage(
                { id: 'drafts.quickActions.draftsText' },
                { count: drafts.total, max: drafts.max },
              )}
            </Text>
          ) : null}
          {drafts?.isMaxReached ? (
            <Text mt="xs" c="orange.9" fw={600}>
              {intl.formatMessage({ id: 'drafts.quickActions.draftsMaxReached' })}
            </Text>
          ) : null}
        </Tile>
      </SimpleGrid>
    </section>
  );
}
