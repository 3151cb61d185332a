import { Button, Group, Text } from '@mantine/core';
import { isProviderRole, localePath } from '@tessera/domain';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useActing, useActingChanged, actForMerchant, useStopActing } from '../../lib/acting';
import { selectCompany } from '../../lib/company-selection';
import { useSession } from '../../lib/session';
import { useStore } from '../../lib/storage';
import { useLocale } from '../../lib/use-locale';
import { paths } from '../paths';

// The reason dialog (Mantine Modal, ScrollArea, floating-ui, Textarea) loads when it is first
// asked for, not with every page (issue 36 §4, ADR 052).
const ActingReasonModal = lazy(() =>
  import('../../ui/acting-reason-modal').then((module) => ({ default: module.ActingReasonModal })),
);

/**
 * Provider staff acting for a company or merchant see, on every page, whom they act for, why, and
 * a way out (issue 18, ADR 027). Without a reason they may read but not change: the banner asks for
 * one.
 */
export function ActingBanner() {
  const intl = useIntl();
  const session = useSession();
  const locale = useLocale();
  const navigate = useNavigate();
  const acting = useActing();
  const [companyData] = useStore('companyData');
  const stopActing = useStopActing();
  const actingChanged = useActingChanged();
  const [isAsking, setAsking] = useState(false);
  // Once opened, the dialog stays mounted, so that closing it plays its transition.
  const [hasAsked, setHasAsked] = useState(false);
  const [isStopping, setStopping] = useState(false);
  const user = session.data?.user;
  if (!user || !isProviderRole(user.userRoleId)) return null;
  const merchantId = session.data?.acting?.merchantId ?? null;
  const companyId = merchantId ? null : (session.data?.companyId ?? null);
  if (!merchantId && !companyId) return null;

  const reason = session.data?.acting?.reason ?? null;
  const name = merchantId
    ? (acting.data?.merchantName ?? merchantId)
    : (acting.data?.companyName ??
      (companyData?.companyId === companyId ? companyData.name : null) ??
      companyId!);
  const id = (merchantId ?? companyId)!;

  const stop = async () => {
    setStopping(true);
    const ok = await stopActing();
    setStopping(false);
    if (ok) void navigate(localePath(locale, paths.backOffice.href()));
  };

  const giveReason = async (text: string) => {
    const ok = merchantId
      ? await actForMerchant(merchantId, text)
      : (await selectCompany({ companyId: companyId! }, text)) !== null;
    if (ok) await actingChanged();
    return ok;
  };

  return (
    <div
      className="tessera-acting-banner"
      role="region"
      aria-label={intl.formatMessage({ id: 'shell.acting.region' })}
    >
      <div className="tessera-container tessera-acting-banner__inner">
        <div>
          <Text fw={700}>
            {intl.formatMessage(
              { id: merchantId ? 'shell.acting.merchant' : 'shell.acting.company' },
              { name, id },
            )}
          </Text>
          <Text size="sm">
            {reason
              ? intl.formatMessage({ id: 'shell.acting.reason' }, { reason })
              : intl.formatMessage({ id: 'shell.acting.noReason' })}
          </Text>
        </div>
        <Group gap="xs">
          {reason ? null : (
            <Button
              size="xs"
              color="dark"
              onClick={() => {
                setHasAsked(true);
                setAsking(true);
              }}
            >
              {intl.formatMessage({ id: 'shell.acting.giveReason' })}
            </Button>
          )}
          <Button size="xs" variant="white" color="dark" loading={isStopping} onClick={() => void stop()}>
            {intl.formatMessage({ id: 'shell.acting.stop' })}
          </Button>
        </Group>
      </div>
      {hasAsked ? (
        <Suspense fallback={null}>
          <ActingReasonModal
            opened={isAsking}
            subject={name}
            onClose={() => setAsking(false)}
            onSubmit={giveReason}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
