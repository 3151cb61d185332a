import { Card, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { MAX_DRAFT_ORDERS, type CardFamily, type NotificationStatusResponse } from '@tessera/domain';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { canOpenPath } from '../../../app/route-access';
import { CARD_ISSUE_INFO_PATH, startIssueFlow } from '../../../lib/order-draft';
import { useStartTopUp, type TopUpProduct } from '../../../lib/ready-to-top-up';
import { useSession, type SessionUser } from '../../../lib/session';
import { useStore } from '../../../lib/storage';
import { useActingCompanyId } from '../../../lib/use-acting-company';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { useNotificationStatus } from '../api/get-notification-status';
import './quick-actions.css';
import { useDraftCount } from '../../../lib/api/drafts';
import { productFamilyName } from '../../../lib/labels';
import { useCompanyVoice } from '../../../lib/company-voice';

/**
 * The actions on offer, each where it leads: a user sees those the route table lets them open
 * (`route-access.ts`, as for the menus), so no tile ends in the 403 page. A top-up makes a draft and
 * opens it, so it needs the draft's page.
 */
type Offer = {
  newCards: boolean;
  loadCards: boolean;
  topUps: boolean;
  paymentManager: boolean;
  finance: boolean;
  drafts: boolean;
};

function offerOf(user: SessionUser): Offer {
  const can = (href: string) => canOpenPath(href, user);
  return {
    newCards: can(CARD_ISSUE_INFO_PATH),
    loadCards: can(paths.cardLoad.href()),
    topUps: can(paths.cardIssueInfoDraft.href('draft')),
    paymentManager: can(paths.paymentManager.href()),
    finance: can(paths.finance.href()),
    drafts: can(paths.draftOrders.href()),
  };
}

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
 * The home page's quick actions for whoever works for a company, each only if the user may take
 * it: new cards, loading cards, the cards ready to top up per product (when the notification status
 * says there are some), the payment manager's and the finance desks, and the drafts with their
 * count. Renders nothing while no company is acted for, or with nothing to offer.
 */
export function QuickActions() {
  const session = useSession();
  const companyId = useActingCompanyId();
  const user = session.data?.user;
  if (!user || companyId === null) return null;
  const offer = offerOf(user);
  if (!Object.values(offer).some(Boolean)) return null;
  return <QuickActionTiles companyId={companyId} offer={offer} />;
}

function QuickActionTiles({ companyId, offer }: { companyId: string; offer: Offer }) {
  const intl = useIntl();
  const voice = useCompanyVoice();
  const locale = useLocale();
  const status = useNotificationStatus(offer.topUps ? companyId : null);
  const count = useDraftCount(offer.drafts ? companyId : null, locale);
  const [storedTotal] = useStore('draftTotal');
  const { startTopUp, pending } = useStartTopUp(companyId);
  const drafts = count.data ?? (storedTotal ? { ...storedTotal, max: MAX_DRAFT_ORDERS } : null);

  const productLabel = ({ product, family }: TopUp) => productFamilyName(intl, locale, product, family);

  return (
    <section aria-labelledby="quick-actions-title" className="tessera-quick-actions">
      <Title order={2} id="quick-actions-title" mb="md">
        {intl.formatMessage({ id: 'drafts.quickActions.title' })}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" component="ul" className="tessera-tiles">
        {offer.newCards ? (
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
        ) : null}
        {offer.loadCards ? (
          <Tile
            title={
              <LanguageLink to={paths.cardLoad.href()} className="tessera-quick-action__control">
                {intl.formatMessage({ id: 'drafts.quickActions.loadCards' })}
              </LanguageLink>
            }
          >
            <Text mt="xs">{intl.formatMessage({ id: 'drafts.quickActions.loadCardsText' }, voice)}</Text>
          </Tile>
        ) : null}
        {(offer.topUps ? topUpsOf(status.data) : []).map((topUp) => {
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
        {offer.paymentManager ? (
          <Tile
            title={
              <LanguageLink to={paths.paymentManager.href()} className="tessera-quick-action__control">
                {intl.formatMessage({ id: 'drafts.quickActions.paymentManager' })}
              </LanguageLink>
            }
          >
            <Text mt="xs">{intl.formatMessage({ id: 'drafts.quickActions.paymentManagerText' })}</Text>
          </Tile>
        ) : null}
        {offer.finance ? (
          <Tile
            title={
              <LanguageLink to={paths.finance.href()} className="tessera-quick-action__control">
                {intl.formatMessage({ id: 'drafts.quickActions.finance' })}
              </LanguageLink>
            }
          >
            <Text mt="xs">{intl.formatMessage({ id: 'drafts.quickActions.financeText' })}</Text>
          </Tile>
        ) : null}
        {offer.drafts ? (
          <Tile
            title={
              <LanguageLink to={paths.draftOrders.href()} className="tessera-quick-action__control">
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
        ) : null}
      </SimpleGrid>
    </section>
  );
}
