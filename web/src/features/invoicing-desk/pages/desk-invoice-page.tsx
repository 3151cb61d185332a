import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { documentTypeLabel, type DeskInvoiceDetail } from '@tessera/domain';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { paths } from '../../../app/paths';
import type { MessageId } from '../../../i18n/messages';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { PageHeader } from '../../../ui/page-header';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import '../../../ui/facts.css';
import { useDeskInvoice } from '../api/get-desk-invoice';
import { useResendInvoice, type ResendResult } from '../api/resend-invoice';
import { AadeErrors } from '../components/aade-errors';
import { ACTION_TEXT, FLAG_TEXT, OUTCOME_TEXT, RESEND_COLOR, RESEND_TEXT } from '../components/desk-texts';
import { InvoiceStateBadge } from '../components/invoice-state-badge';

/**
 * `/back-office/invoices/:invoiceId` (provider staff, issue 37 §3–4): one document — its state,
 * customer, lines and totals, and every call made to AADE about it (time, channel, outcome, AADE's
 * errors) — and, while AADE has refused it or still waits for it, "send again" with what came of it.
 */
export function DeskInvoicePage() {
  const intl = useIntl();
  const { invoiceId = '' } = useParams();
  const invoice = useDeskInvoice(invoiceId);
  const number = invoice.data?.invoice.number;
  const title = number ?? intl.formatMessage({ id: 'invoiceDesk.detail.document' });
  useDocumentTitle(number ? `${number} · ${intl.formatMessage({ id: 'invoiceDesk.title' })}` : title);

  let body;
  if (invoice.isPending) body = <LoadingState />;
  else if (invoice.isError) body = <ErrorState onRetry={() => void invoice.refetch()} />;
  else body = <InvoiceFacts invoice={invoice.data.invoice} />;

  return (
    <section className="tessera-page" aria-labelledby="desk-invoice-title">
      <Anchor component={LanguageLink} to={paths.backOfficeInvoices.href()} mb="sm" display="inline-block">
        {intl.formatMessage({ id: 'invoiceDesk.detail.back' })}
      </Anchor>
      <PageHeader id="desk-invoice-title" title={title} />
      {body}
    </section>
  );
}

function Facts({ facts }: { facts: readonly (readonly [string, ReactNode] | false)[] }) {
  return (
    <dl className="tessera-order-facts">
      {facts
        .filter((fact): fact is readonly [string, ReactNode] => fact !== false)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function InvoiceFacts({ invoice }: { invoice: DeskInvoiceDetail }) {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  // Here, not in the panel: what came of "send again" stays shown once the document is transmitted.
  const resend = useResendInvoice(invoice.invoiceId);
  return (
    <Stack gap="lg">
      <section aria-labelledby="desk-invoice-document">
        <Group gap="sm" mb="xs" align="center">
          <Title order={2} size="h3" id="desk-invoice-document">
            {documentTypeLabel(invoice.documentType, locale)}
          </Title>
          <InvoiceStateBadge state={invoice.state} />
        </Group>
        <Facts
          facts={[
            [t('invoiceDesk.col.issueDate'), formatDate(invoice.issueDate, locale)],
            [t('invoiceDesk.detail.mark'), invoice.mark ?? '—'],
            invoice.mydataUid !== null && [t('invoiceDesk.detail.uid'), invoice.mydataUid],
            invoice.transmittedAt !== null && [
              t('invoiceDesk.detail.transmittedAt'),
              formatDateTime(invoice.transmittedAt, locale),
            ],
            invoice.transmissionFailure !== null && [
              t('invoiceDesk.detail.flag'),
              FLAG_TEXT[invoice.transmissionFailure]
                ? t(FLAG_TEXT[invoice.transmissionFailure]!)
                : String(invoice.transmissionFailure),
            ],
            invoice.nextAttemptAt !== null && [
              t('invoiceDesk.col.nextAttempt'),
              formatDateTime(invoice.nextAttemptAt, locale),
            ],
            invoice.correlated !== null && [
              t('invoiceDesk.detail.correlated'),
              <Anchor
                key="correlated"
                component={LanguageLink}
                to={paths.backOfficeInvoice.href(invoice.correlated.invoiceId)}
              >
                {invoice.correlated.number}
              </Anchor>,
            ],
            invoice.orderId !== null && [t('invoiceDesk.detail.order'), invoice.orderId],
            [t('invoiceDesk.detail.issuer'), invoice.issuerVat],
          ]}
        />
        {invoice.state === 'refused' && invoice.errors.length > 0 ? (
          <Alert color="red" title={t('invoiceDesk.col.errors')}>
            <AadeErrors errors={invoice.errors} />
          </Alert>
        ) : null}
      </section>
      {invoice.canResend || resend.data ? (
        <ResendPanel
          canResend={invoice.canResend}
          isPending={resend.isPending}
          result={resend.data}
          onResend={() => resend.mutate()}
        />
      ) : null}

      <section aria-labelledby="desk-invoice-customer">
        <Title order={2} size="h3" id="desk-invoice-customer" mb="xs">
          {t('invoiceDesk.detail.customer')}
        </Title>
        <Facts
          facts={[
            [t('invoiceDesk.detail.name'), invoice.customer.name],
            [t('invoiceDesk.detail.vat'), invoice.customer.vatNumber],
            invoice.customer.address !== '' && [t('invoiceDesk.detail.address'), invoice.customer.address],
            invoice.customer.taxOffice !== '' && [
              t('invoiceDesk.detail.taxOffice'),
              invoice.customer.taxOffice,
            ],
            invoice.companyId !== null && [t('invoiceDesk.detail.company'), invoice.companyId],
            invoice.merchantId !== null && [t('invoiceDesk.detail.merchant'), invoice.merchantId],
          ]}
        />
      </section>

      <section aria-labelledby="desk-invoice-lines">
        <Title order={2} size="h3" id="desk-invoice-lines" mb="xs">
          {t('invoiceDesk.detail.lines')}
        </Title>
        <RecordList labelledBy="desk-invoice-lines">
          {invoice.lines.map((line) => (
            <RecordItem
              key={line.lineNumber}
              title={
                <Text fw={600} component="span" style={{ overflowWrap: 'anywhere' }}>
                  {locale === 'en' ? line.descriptionEn : line.descriptionEl}
                </Text>
              }
              aside={
                <Text size="xs" c="dimmed" component="span">
                  {t('invoiceDesk.detail.lineOf', { n: String(line.lineNumber) })}
                </Text>
              }
              fields={[
                { label: t('invoiceDesk.detail.net'), value: formatMoney(line.netCents), isKey: true },
                {
                  label: t('invoiceDesk.detail.vatAmount'),
                  value: (
                    <>
                      {formatMoney(line.vatCents)}
                      <Text span display="block" size="xs" c="dimmed">
                        {t('invoiceDesk.detail.vatCategory', { category: String(line.vatCategory) })}
                      </Text>
                    </>
                  ),
                },
                line.quantity !== null && {
                  label: t('invoiceDesk.detail.quantity'),
                  value: String(line.quantity),
                },
              ]}
            />
          ))}
        </RecordList>
        <Title order={3} size="h4" mt="md" mb="xs" id="desk-invoice-totals">
          {t('invoiceDesk.detail.totals')}
        </Title>
        <Facts
          facts={[
            [t('invoiceDesk.detail.net'), formatMoney(invoice.netCents)],
            [t('invoiceDesk.detail.vatAmount'), formatMoney(invoice.vatCents)],
            [t('invoiceDesk.detail.gross'), <strong key="gross">{formatMoney(invoice.grossCents)}</strong>],
          ]}
        />
      </section>

      <section aria-labelledby="desk-invoice-transmissions">
        <Title order={2} size="h3" id="desk-invoice-transmissions" mb="xs">
          {t('invoiceDesk.detail.transmissions')}
        </Title>
        {invoice.transmissions.length === 0 ? (
          <Text c="dimmed">{t('invoiceDesk.detail.noTransmissions')}</Text>
        ) : (
          <RecordList labelledBy="desk-invoice-transmissions">
            {invoice.transmissions.map((call) => (
              <RecordItem
                key={call.attempt}
                title={
                  <Text fw={600} component="span">
                    {t('invoiceDesk.detail.attempt', {
                      n: String(call.attempt),
                      action: t(ACTION_TEXT[call.action]),
                    })}
                  </Text>
                }
                aside={
                  <Text size="sm" fw={600} component="span">
                    {t(OUTCOME_TEXT[call.outcome])}
                  </Text>
                }
                fields={[
                  { label: t('invoiceDesk.detail.time'), value: formatDateTime(call.startedAt, locale) },
                  { label: t('invoiceDesk.detail.channel'), value: call.gateway },
                  call.mark !== null && { label: t('invoiceDesk.detail.mark'), value: call.mark },
                  call.httpStatus !== null && {
                    label: t('invoiceDesk.detail.http'),
                    value: String(call.httpStatus),
                  },
                  call.transmissionFailure !== null && {
                    label: t('invoiceDesk.detail.flag'),
                    value: String(call.transmissionFailure),
                  },
                  call.errors.length > 0 && {
                    label: t('invoiceDesk.col.errors'),
                    value: <AadeErrors errors={call.errors} />,
                    isWide: true,
                  },
                  call.detail !== '' && {
                    label: t('invoiceDesk.detail.why'),
                    value: <span style={{ overflowWrap: 'anywhere' }}>{call.detail}</span>,
                    isWide: true,
                  },
                ]}
              />
            ))}
          </RecordList>
        )}
      </section>
    </Stack>
  );
}

/** "Send again", with what came of the last try (AADE's errors are in the calls below). */
function ResendPanel({
  canResend,
  isPending,
  result,
  onResend,
}: {
  canResend: boolean;
  isPending: boolean;
  result: ResendResult | undefined;
  onResend: () => void;
}) {
  const intl = useIntl();
  return (
    <section aria-labelledby="desk-invoice-resend" className="tessera-record" style={{ padding: '1rem' }}>
      <Title order={2} size="h3" id="desk-invoice-resend" mb={4}>
        {intl.formatMessage({ id: 'invoiceDesk.resend.title' })}
      </Title>
      <Text size="sm" mb="sm" maw={720}>
        {intl.formatMessage({ id: 'invoiceDesk.resend.text' })}
      </Text>
      {canResend ? (
        <Button loading={isPending} onClick={onResend}>
          {intl.formatMessage({ id: 'invoiceDesk.resend.button' })}
        </Button>
      ) : null}
      {result ? (
        <Alert mt="md" role="status" color={result.ok ? RESEND_COLOR[result.outcome] : 'red'}>
          {result.ok
            ? intl.formatMessage({ id: RESEND_TEXT[result.outcome] }, { mark: result.invoice.mark ?? '—' })
            : (result.message ?? intl.formatMessage({ id: 'invoiceDesk.resend.failed' }))}
        </Alert>
      ) : null}
    </section>
  );
}
