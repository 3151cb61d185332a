import { Button, Group, Text } from '@mantine/core';
import { isProviderRole, localePath } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useActing, useActingChanged, actForMerchant, useStopActing } from '../../lib/acting';
import { selectCompany } from '../../lib/company-selection';
import { useSession } from '../../lib/session';
import { useStore } from '../../lib/storage';
import { useLocale } from '../../lib/use-locale';
import { ActingReasonModal } from '../../ui/acting-reason-modal';
import { paths } from '../paths';

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
            <Button size="xs" color="dark" onClick={() => setAsking(true)}>
              {intl.formatMessage({ id: 'shell.acting.giveReason' })}
            </Button>
          )}
          <Button size="xs" variant="white" color="dark" loading={isStopping} onClick={() => void stop()}>
            {intl.formatMessage({ id: 'shell.acting.stop' })}
          </Button>
        </Group>
      </div>
      <ActingReasonModal
        opened={isAsking}
        subject={name}
        onClose={() => setAsking(false)}
        onSubmit={giveReason}
      />
    </div>
  );
}
