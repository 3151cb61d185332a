import { Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useCardholderLookup, type CareSearch } from '../api/lookup-cardholders';
import { CardholderRecord } from '../components/cardholder-record';
import '../cardholder-care.css';

type Mode = 'email' | 'card';

/** The search the address holds (`?email=` or `?last4=&companyId=`), or null. */
function searchOf(params: URLSearchParams): CareSearch | null {
  const email = params.get('email')?.trim();
  if (email) return { email };
  const last4 = params.get('last4')?.trim();
  const companyId = params.get('companyId')?.trim();
  return last4 && companyId ? { last4, companyId } : null;
}

/**
 * `/back-office/cardholders` (provider staff, issue 35 §8): look a cardholder up by e-mail, or by a
 * card's last four digits within a company; see their cards, the app's invitation and their sign-in
 * and lock history; unlock a card or see where it was spent, each with a logged reason (ADR 049).
 */
export function CardholderCarePage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  const [mode, setMode] = useState<Mode>(params.get('last4') ? 'card' : 'email');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [last4, setLast4] = useState(params.get('last4') ?? '');
  const [companyId, setCompanyId] = useState(params.get('companyId') ?? '');
  const [errors, setErrors] = useState<Partial<Record<'email' | 'last4' | 'companyId', string>>>({});
  const lookup = useCardholderLookup(search);
  const title = intl.formatMessage({ id: 'cardholderCare.page.title' });
  useDocumentTitle(title);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (mode === 'email') {
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
        next.email = intl.formatMessage({ id: 'cardholderCare.search.emailInvalid' });
      }
    } else {
      if (!/^\d{4}$/.test(last4.trim()))
        next.last4 = intl.formatMessage({ id: 'cardholderCare.search.lastFourInvalid' });
      if (!companyId.trim())
        next.companyId = intl.formatMessage({ id: 'cardholderCare.search.companyRequired' });
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setParams(
      mode === 'email'
        ? { email: email.trim() }
        : { last4: last4.trim(), companyId: companyId.trim().toUpperCase() },
      { replace: true },
    );
  };

  let results = null;
  if (search) {
    if (lookup.isPending) results = <LoadingState />;
    else if (lookup.isError) results = <ErrorState onRetry={() => void lookup.refetch()} />;
    else if (lookup.data.length === 0)
      results = <EmptyState message={intl.formatMessage({ id: 'cardholderCare.search.none' })} />;
    else
      results = (
        <Stack gap="lg">
          {lookup.data.map((cardholder) => (
            <CardholderRecord key={cardholder.email || cardholder.cards[0]?.cardId} cardholder={cardholder} />
          ))}
        </Stack>
      );
  }

  return (
    <section className="tessera-page" aria-labelledby="cardholder-care-title">
      <PageHeader
        id="cardholder-care-title"
        title={title}
        summary={intl.formatMessage({ id: 'cardholderCare.page.intro' })}
      />
      <form
        onSubmit={submit}
        noValidate
        role="search"
        aria-label={intl.formatMessage({ id: 'cardholderCare.search.label' })}
      >
        <Stack gap="sm" maw={560}>
          <SegmentedControl
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            data={[
              { value: 'email', label: intl.formatMessage({ id: 'cardholderCare.search.byEmail' }) },
              { value: 'card', label: intl.formatMessage({ id: 'cardholderCare.search.byCard' }) },
            ]}
          />
          {mode === 'email' ? (
            <TextInput
              type="email"
              autoComplete="off"
              label={intl.formatMessage({ id: 'cardholderCare.search.email' })}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={errors.email}
            />
          ) : (
            <Group grow align="flex-start">
              <TextInput
                inputMode="numeric"
                maxLength={4}
                label={intl.formatMessage({ id: 'cardholderCare.search.lastFour' })}
                value={last4}
                onChange={(event) => setLast4(event.currentTarget.value)}
                error={errors.last4}
              />
              <TextInput
                label={intl.formatMessage({ id: 'cardholderCare.search.companyId' })}
                description={intl.formatMessage({ id: 'cardholderCare.search.companyHelp' })}
                value={companyId}
                onChange={(event) => setCompanyId(event.currentTarget.value)}
                error={errors.companyId}
              />
            </Group>
          )}
          <Group>
            <Button type="submit">{intl.formatMessage({ id: 'cardholderCare.search.submit' })}</Button>
          </Group>
        </Stack>
      </form>
      <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>{results}</div>
    </section>
  );
}
