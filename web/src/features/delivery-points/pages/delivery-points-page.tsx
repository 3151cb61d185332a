import { Button, SimpleGrid, Text, TextInput } from '@mantine/core';
import { isProviderRole, ROLE, stripLeadingWhitespace } from '@tessera/domain';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LanguageLink } from '../../../ui/language-link';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { DELIVERY_POINTS_PAGE_SIZE, useDeliveryPoints } from '../../../lib/api/delivery-points';
import { AccountHeader } from '../../../ui/account-header';
import { AppModal } from '../../../ui/modal';
import { DeliveryPointForm } from '../components/delivery-point-form';
import { DeliveryPointCard } from '../components/delivery-point-card';
import { useAccount } from '../../../lib/use-account';
import { PagePagination } from '../../../ui/page-pagination';

/**
 * `/account/delivery-points`: where the company's plastic cards can be shipped, searched by alias,
 * street, city or contact (the server ignores accents and case), a page at a time. The search and
 * the page live in the address (`?q=…&page=…`), so a result can be shared and Back works. New
 * points are added on `/delivery-points`, which only the order manager may open (SPEC §2, §6).
 */
export function DeliveryPointsPage() {
  const intl = useIntl();
  const { user, companyId } = useAccount();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(query);
  const list = useDeliveryPoints(companyId ?? '', { query, page, pageSize: DELIVERY_POINTS_PAGE_SIZE });
  const title = intl.formatMessage({ id: 'account.deliveryPoints.title' });
  useDocumentTitle(title);
  // The order manager opens the new-point page (SPEC §2); provider staff acting for the company add
  // one here, in a dialog (issue 18: customer care on the phone with the client).
  const canCreate = user?.userRoleId === ROLE.ORDER_MANAGER;
  const isStaff = user !== null && user !== undefined && isProviderRole(user.userRoleId);
  const [isAdding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.trim()) next.set('q', draft.trim());
    setParams(next);
  };
  const goToPage = (next: number) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('page', String(next));
    setParams(nextParams);
  };

  let results;
  if (list.isPending) results = <LoadingState />;
  else if (list.isError) results = <ErrorState onRetry={() => void list.refetch()} />;
  else if (list.data.deliveryPoints.length === 0) {
    results = (
      <EmptyState
        message={
          query
            ? intl.formatMessage({ id: 'account.deliveryPoints.noMatch' }, { q: query })
            : intl.formatMessage({ id: 'account.deliveryPoints.none' })
        }
      />
    );
  } else {
    const pages = Math.max(1, Math.ceil(list.data.total / DELIVERY_POINTS_PAGE_SIZE));
    results = (
      <>
        <Text role="status" mb="sm" c="dimmed">
          {intl.formatMessage({ id: 'account.deliveryPoints.count' }, { count: list.data.total })}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-busy={list.isPlaceholderData || undefined}>
          {list.data.deliveryPoints.map((point) => (
            <DeliveryPointCard key={point.deliveryPointId} point={point} />
          ))}
        </SimpleGrid>
        <PagePagination pages={pages} page={page} onChange={goToPage} />
      </>
    );
  }

  return (
    <section className="tessera-page" aria-labelledby="delivery-points-title">
      <AccountHeader
        id="delivery-points-title"
        title={title}
        summary={intl.formatMessage({ id: 'account.deliveryPoints.summary' })}
        actions={
          canCreate ? (
            <Button component={LanguageLink} to="/delivery-points">
              {intl.formatMessage({ id: 'account.deliveryPoints.new' })}
            </Button>
          ) : isStaff ? (
            <Button onClick={() => setAdding(true)}>
              {intl.formatMessage({ id: 'account.deliveryPoints.new' })}
            </Button>
          ) : null
        }
      />
      <Text role="status" mb={added ? 'md' : 0}>
        {added ? intl.formatMessage({ id: 'account.deliveryPoint.createdText' }, { alias: added }) : ''}
      </Text>
      <AppModal
        opened={isAdding}
        onClose={() => setAdding(false)}
        isDismissable={false}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'account.close' }) }}
        size="lg"
        title={intl.formatMessage({ id: 'account.deliveryPoint.title' })}
      >
        <DeliveryPointForm
          companyId={companyId ?? ''}
          onCreated={(point) => {
            setAdding(false);
            setAdded(point.alias);
          }}
        />
      </AppModal>
      <form role="search" onSubmit={onSearch} className="tessera-company-search">
        <TextInput
          name="q"
          type="search"
          label={intl.formatMessage({ id: 'account.deliveryPoints.search' })}
          value={draft}
          onChange={(event) => setDraft(stripLeadingWhitespace(event.currentTarget.value))}
          className="tessera-company-search__input"
        />
        <Button type="submit" variant="outline">
          {intl.formatMessage({ id: 'account.deliveryPoints.searchSubmit' })}
        </Button>
      </form>
      {results}
    </section>
  );
}
