import { Alert, Button, Group, Text, Title } from '@mantine/core';
import type { MerchantSummary } from '@tessera/domain';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { useSearchParams } from 'react-router';
import type { MessageId } from '../../../i18n/messages';
import { displayPhone } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { LoadingState } from '../../../ui/state-views';
import { useConfirmIbanChange, type IbanConfirmation } from '../api/confirm-iban-change';
import type { MerchantContext } from '../api/merchant-context';
import { MerchantScope } from '../components/merchant-admin-scope';
import { FeePlanTable } from './fee-plan-table';
import { MerchantUsers } from './merchant-users';
import { ProfileForm } from './profile-form';

/** The address parameter of the mailed IBAN confirmation link. */
export const CONFIRM_IBAN_PARAM = 'confirmIban';

/** `GR16 0110 1250 …`: an IBAN in groups of four, as statements print it. */
function groupedIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Opens the mailed link's confirmation once (`confirmIbanChange`), then removes the token from the
 * address so a reload does not send it again, and says what happened.
 */
function IbanConfirmationNotice({ context, token }: { context: MerchantContext; token: string }) {
  const intl = useIntl();
  const [, setSearch] = useSearchParams();
  const confirm = useConfirmIbanChange(context);
  const [answer, setAnswer] = useState<IbanConfirmation | null>(null);
  const sent = useRef<string | null>(null);
  const { mutateAsync } = confirm;

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    void mutateAsync(token).then((result) => {
      setAnswer(result);
      setSearch(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete(CONFIRM_IBAN_PARAM);
          return next;
        },
        { replace: true },
      );
    });
  }, [token, mutateAsync, setSearch]);

  if (!answer) return <LoadingState label={intl.formatMessage({ id: 'merchantAdmin.iban.confirming' })} />;
  if (answer.outcome === 'confirmed') {
    return (
      <Alert
        color="teal"
        variant="light"
        role="status"
        title={intl.formatMessage({ id: 'merchantAdmin.iban.confirmedTitle' })}
      >
        {intl.formatMessage(
          { id: 'merchantAdmin.iban.confirmedText' },
          { iban: groupedIban(answer.merchant.iban) },
        )}
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={intl.formatMessage({ id: 'merchantAdmin.iban.invalidTitle' })}
    >
      {intl.formatMessage({
        id: answer.outcome === 'invalid' ? 'merchantAdmin.iban.invalidText' : 'merchantAdmin.form.failed',
      })}
    </Alert>
  );
}

function Facts({ merchant, isFull }: { merchant: MerchantSummary; isFull: boolean }) {
  const intl = useIntl();
  const fact = (labelId: MessageId, value: string) => (
    <div>
      <dt>{intl.formatMessage({ id: labelId })}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
  return (
    <dl className="tessera-merchant-facts">
      {fact('merchantAdmin.profile.legalName', merchant.legalName)}
      {fact('merchantAdmin.profile.tradeName', merchant.tradeName)}
      {fact('merchantAdmin.profile.vatNumber', merchant.vatNumber)}
      {isFull ? (
        <>
          {fact('merchantAdmin.profile.field.contactName', merchant.contactName)}
          {fact('merchantAdmin.profile.field.contactEmail', merchant.contactEmail)}
          {fact('merchantAdmin.profile.field.contactPhone', displayPhone(merchant.contactPhone))}
          {fact('merchantAdmin.profile.field.address', merchant.address ?? '')}
          {fact('merchantAdmin.profile.field.iban', groupedIban(merchant.iban))}
          {merchant.bic ? fact('merchantAdmin.profile.field.bic', merchant.bic) : null}
        </>
      ) : null}
    </dl>
  );
}

/** A requested IBAN waits for its mailed link: say where the link went and what happens meanwhile. */
type Pending = { iban: string; mailedTo: string };

function Profile({
  context,
  merchant,
  canEdit,
}: {
  context: MerchantContext;
  merchant: MerchantSummary;
  canEdit: boolean;
}) {
  const intl = useIntl();
  const [isEditing, setIsEditing] = useState(false);
  const [status, setStatus] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);

  return (
    <section aria-labelledby="merchant-profile-title" className="tessera-merchant-card">
      <Group justify="space-between" align="flex-start" gap="sm" mb="xs">
        <Title order={2} size="h3" id="merchant-profile-title">
          {intl.formatMessage({ id: 'merchantAdmin.profile.formTitle' })}
        </Title>
        {canEdit && !isEditing ? (
          <Button
            size="sm"
            variant="light"
            onClick={() => {
              setStatus('');
              setIsEditing(true);
            }}
          >
            {intl.formatMessage({ id: 'merchantAdmin.profile.edit' })}
          </Button>
        ) : null}
      </Group>
      <Text role="status" fw={600} c="teal.9">
        {status}
      </Text>
      {pending ? (
        <Alert
          color="orange"
          // Mantine's orange title fails AA contrast on its light background.
          styles={{ title: { color: BADGE_COLOR.amber } }}
          variant="light"
          mb="md"
          title={intl.formatMessage({ id: 'merchantAdmin.iban.pendingTitle' })}
        >
          {intl.formatMessage(
            { id: 'merchantAdmin.iban.pendingText' },
            { email: pending.mailedTo, iban: groupedIban(pending.iban), current: groupedIban(merchant.iban) },
          )}
        </Alert>
      ) : null}
      <Facts merchant={merchant} isFull={!isEditing} />
      {isEditing ? (
        <ProfileForm
          context={context}
          merchant={merchant}
          onCancel={() => setIsEditing(false)}
          onSaved={(answer, request) => {
            setIsEditing(false);
            setStatus(intl.formatMessage({ id: 'merchantAdmin.profile.saved' }));
            if (answer.ibanChangePending) setPending(request);
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * `/merchant/redeemer-profile` (SPEC §2, issue 16): who the merchant is, its contact details and
 * payout account, its fee per product (in the open), and its users. The administrator (and
 * provider staff) edit; a new IBAN waits for the link mailed to the contact address, which opens
 * this page with `?confirmIban=<token>`.
 */
export function MerchantRedeemerProfilePage() {
  const intl = useIntl();
  const [search] = useSearchParams();
  const token = search.get(CONFIRM_IBAN_PARAM);
  const title = intl.formatMessage({ id: 'merchantAdmin.profile.title' });
  useDocumentTitle(title);
  return (
    <section className="tessera-page" aria-labelledby="merchant-redeemer-title">
      <PageHeader
        id="merchant-redeemer-title"
        title={title}
        summary={intl.formatMessage({ id: 'merchantAdmin.profile.summary' })}
      />
      <MerchantScope>
        {({ context, profile, canEdit }) => (
          <>
            {token ? <IbanConfirmationNotice context={context} token={token} /> : null}
            {canEdit ? null : <Text c="dimmed">{intl.formatMessage({ id: 'merchantAdmin.readOnly' })}</Text>}
            <Profile context={context} merchant={profile.merchant} canEdit={canEdit} />
            <FeePlanTable feePlan={profile.merchant.feePlan} />
            <MerchantUsers context={context} canEdit={canEdit} />
          </>
        )}
      </MerchantScope>
    </section>
  );
}
