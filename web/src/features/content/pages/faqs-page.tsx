import { Accordion, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { stripLeadingWhitespace } from '@tessera/domain';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { RichText } from '../../../ui/rich-text';
import { useFaqs, type FaqAudience } from '../api/get-faqs';

export const FAQ_SEARCH_DEBOUNCE_MS = 300;

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * FAQs grouped, with a search box: the server filters by `q` ignoring accents; typing is debounced
 * and the search is kept in the address (`?q=`), so switching language keeps it.
 */
function FaqsView({ audience }: { audience: FaqAudience }) {
  const intl = useIntl();
  const titleId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const [text, setText] = useState(() => searchParams.get('q') ?? '');
  const [q] = useDebouncedValue(text.trim(), FAQ_SEARCH_DEBOUNCE_MS);
  const faqs = useFaqs({ q, audience });
  const title = intl.formatMessage({ id: 'faqs.title' });
  useDocumentTitle(title);

  useEffect(() => {
    if ((searchParams.get('q') ?? '') === q) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (q === '') next.delete('q');
        else next.set('q', q);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [q, searchParams, setSearchParams]);

  const groups = (faqs.data ?? []).filter((group) => group.items.length > 0);
  const count = groups.reduce((total, group) => total + group.items.length, 0);

  return (
    <section className="tessera-page tessera-page--narrow" aria-labelledby={titleId}>
      <Title order={1} id={titleId} mb="md">
        {title}
      </Title>
      <form role="search" onSubmit={(event) => event.preventDefault()} className="tessera-faq-search">
        <TextInput
          type="search"
          size="md"
          label={intl.formatMessage({ id: 'faqs.search.label' })}
          placeholder={intl.formatMessage({ id: 'faqs.search.placeholder' })}
          leftSection={<SearchIcon />}
          value={text}
          onChange={(event) => setText(stripLeadingWhitespace(event.currentTarget.value))}
        />
      </form>
      <Text role="status" size="sm" className="tessera-faq-count" aria-live="polite">
        {faqs.isSuccess && !faqs.isPlaceholderData && q !== ''
          ? intl.formatMessage({ id: 'faqs.search.results' }, { count })
          : ''}
      </Text>
      <div aria-busy={faqs.isFetching || undefined}>
        {faqs.isPending ? (
          <LoadingState />
        ) : faqs.isError ? (
          <ErrorState onRetry={() => void faqs.refetch()} />
        ) : groups.length === 0 ? (
          <EmptyState
            message={
              q === ''
                ? intl.formatMessage({ id: 'faqs.empty' })
                : intl.formatMessage({ id: 'faqs.search.empty' }, { q })
            }
          />
        ) : (
          groups.map((group) => (
            <section key={group.id} className="tessera-faq-group" aria-labelledby={`${titleId}-${group.id}`}>
              <Title order={2} size="h3" id={`${titleId}-${group.id}`} mb="sm">
                {group.title}
              </Title>
              <Accordion variant="separated" multiple chevronPosition="right">
                {group.items.map((item) => (
                  <Accordion.Item key={item.id} value={item.id}>
                    <Accordion.Control>{item.question}</Accordion.Control>
                    <Accordion.Panel>
                      <RichText html={item.answerHtml} />
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </section>
          ))
        )}
      </div>
    </section>
  );
}

/** `/faqs`: company FAQs. */
export function FaqsPage() {
  return <FaqsView audience="company" />;
}

/** `/merchant/faqs`: merchant FAQs. */
export function MerchantFaqsPage() {
  return <FaqsView audience="merchant" />;
}
