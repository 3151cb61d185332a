import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { canOpenPath } from '../../../app/route-access';
import type { MessageId } from '../../../i18n/messages';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LanguageLink } from '../../../ui/language-link';
import { PageHeader } from '../../../ui/page-header';

/** The back office's tools, in the order a working day meets them. */
const TOOLS: readonly { href: string; title: MessageId; text: MessageId }[] = [
  { href: '/all-companies', title: 'backOffice.hub.companies', text: 'backOffice.hub.companiesText' },
  { href: '/back-office/users', title: 'backOffice.hub.users', text: 'backOffice.hub.usersText' },
  { href: '/merchant', title: 'backOffice.hub.merchants', text: 'backOffice.hub.merchantsText' },
  {
    href: '/back-office/fulfilment',
    title: 'backOffice.hub.fulfilment',
    text: 'backOffice.hub.fulfilmentText',
  },
  // Issue 34 §1 (ADR 043): the disputes queue.
  { href: '/back-office/disputes', title: 'backOffice.hub.disputes', text: 'backOffice.hub.disputesText' },
  // Issue 37 §3–4: the invoice desk (documents AADE refused or waits for).
  { href: '/back-office/invoices', title: 'backOffice.hub.invoices', text: 'backOffice.hub.invoicesText' },
  // Issue 34 §1 (ADR 042): the payout desk.
  {
    href: '/back-office/terminals',
    title: 'backOffice.hub.terminals',
    text: 'backOffice.hub.terminalsText',
  },
  {
    href: '/back-office/settlements',
    title: 'backOffice.hub.settlements',
    text: 'backOffice.hub.settlementsText',
  },
  { href: '/back-office/payouts', title: 'backOffice.hub.payouts', text: 'backOffice.hub.payoutsText' },
  // Issue 35 §8 (ADR 049): customer care's cardholder look-up.
  {
    href: '/back-office/cardholders',
    title: 'backOffice.hub.cardholders',
    text: 'backOffice.hub.cardholdersText',
  },
  { href: '/back-office/leads', title: 'backOffice.hub.leads', text: 'backOffice.hub.leadsText' },
  { href: '/back-office/content', title: 'backOffice.hub.content', text: 'backOffice.hub.contentText' },
  {
    href: '/back-office/core-categories',
    title: 'backOffice.hub.coreCategories',
    text: 'backOffice.hub.coreCategoriesText',
  },
  { href: '/back-office/audit', title: 'backOffice.hub.audit', text: 'backOffice.hub.auditText' },
  {
    href: '/back-office/client-errors',
    title: 'backOffice.hub.clientErrors',
    text: 'backOffice.hub.clientErrorsText',
  },
];

/**
 * `/back-office` (roles 1 and 2): the provider staff's tools on one page (issue 18), each shown
 * when the user's role may open it.
 */
export function BackOfficePage() {
  const intl = useIntl();
  const session = useSession();
  const user = session.data?.user ?? null;
  const title = intl.formatMessage({ id: 'pages.backOffice' });
  useDocumentTitle(title);
  const tools = TOOLS.filter((tool) => user !== null && canOpenPath(tool.href, user));

  return (
    <section className="tessera-page" aria-labelledby="back-office-title">
      <PageHeader
        id="back-office-title"
        title={title}
        summary={intl.formatMessage({ id: 'backOffice.hub.summary' })}
      />
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {tools.map((tool) => (
          <Card component="li" key={tool.href} withBorder radius="md" padding="lg" pos="relative">
            <Title order={2} size="h4" mb={6}>
              <LanguageLink to={tool.href} className="tessera-card-link">
                {intl.formatMessage({ id: tool.title })}
              </LanguageLink>
            </Title>
            <Text c="dimmed" size="sm">
              {intl.formatMessage({ id: tool.text })}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
