import { Anchor, Text, Title } from '@mantine/core';
import type { MerchantTransaction } from '@tessera/domain';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { productName } from '../../../lib/product-name';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import type { MerchantContext } from '../api/merchant-context';
import { DECLINE_HINT, declineReasonText } from './decline-reason';
import { merchantHref } from './merchant-scope';

/** How many of the latest declines show (the rest are on the balance sheet). */
const SHOWN = 5;

/**
 * The latest declines, each with its reason in the page's language and what to do about it, and
 * the way to every declined transaction on the balance sheet.
 */
export function LatestDeclines({
  declines,
  context,
}: {
  declines: MerchantTransaction[];
  context: MerchantContext;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const titleId = useId();
  const allHref = merchantHref(
    paths.merchantBalanceSheet.href(),
    context.merchantId,
    new URLSearchParams({ outcome: 'declined' }),
  );
  return (
    <section
      className="tessera-card tessera-card--md tessera-dashboard__declines-card"
      aria-labelledby={titleId}
    >
      <div className="tessera-dashboard__head">
        <Title order={3} id={titleId}>
          {intl.formatMessage({ id: 'merchantDashboard.declines.title' })}
        </Title>
        <Anchor component={LanguageLink} to={`${allHref}#transactions`} fw={600}>
          {intl.formatMessage({ id: 'merchantDashboard.declines.all' })}
        </Anchor>
      </div>
      {declines.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage({ id: 'merchantDashboard.declines.empty' })}</Text>
      ) : (
        <ul className="tessera-dashboard__declines">
          {declines.slice(0, SHOWN).map((decline) => (
            <li key={decline.transactionId}>
              <div className="tessera-dashboard__row">
                <Text fw={700}>{declineReasonText(decline.declineReason, locale)}</Text>
                <Text fw={600}>{formatMoney(decline.amountCents)}</Text>
              </div>
              <Text size="sm" c="dimmed">
                {[
                  formatDateTime(decline.at, locale),
                  decline.storeName,
                  `${decline.terminalLabel} · MID ${decline.mid}`,
                  decline.product ? productName(decline.product, locale) : null,
                  decline.maskedCard,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              {decline.declineReason ? (
                <Text size="sm">{intl.formatMessage({ id: DECLINE_HINT[decline.declineReason] })}</Text>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
