import { Button, Card, Group, Title } from '@mantine/core';
import type { DraftSummary } from '@tessera/domain';
import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { draftTitle } from '../model';
import { DeleteDraftButton } from './delete-draft-button';
import { draftHref } from '../../../lib/api/drafts';
import { ORDER_TYPE_MESSAGE, productFamilyName } from '../../../lib/labels';

type DraftCardProps = {
  draft: DraftSummary;
  companyId: string;
  /** Resume and delete (order manager, provider staff); otherwise the draft is shown only. */
  canEdit: boolean;
  onDeleted: (title: string) => void;
};

/** One draft: its title, what it orders, its amount, who made it and when it last changed. */
export function DraftCard({ draft, companyId, canEdit, onDeleted }: DraftCardProps) {
  const intl = useIntl();
  const locale = useLocale();
  const titleId = useId();
  const title = draftTitle(intl, locale, draft);
  const detail = (labelId: MessageId, value: ReactNode) => (
    <div className="tessera-draft__detail">
      <dt>{intl.formatMessage({ id: labelId })}</dt>
      <dd>{value}</dd>
    </div>
  );

  return (
    <Card component="li" withBorder radius="md" padding="lg" className="tessera-draft">
      <Title order={2} size="h4" id={titleId} className="tessera-draft__title">
        {title}
      </Title>
      <dl className="tessera-draft__details" aria-labelledby={titleId}>
        {detail('drafts.field.orderType', intl.formatMessage({ id: ORDER_TYPE_MESSAGE[draft.orderType] }))}
        {detail('drafts.field.product', productFamilyName(intl, locale, draft.product, draft.family))}
        {detail(
          'drafts.field.cards',
          intl.formatMessage({ id: 'drafts.cardsCount' }, { count: draft.cards }),
        )}
        {detail(
          'drafts.field.total',
          <span className="tessera-draft__amount">{formatMoney(draft.totalCents)}</span>,
        )}
        {detail('drafts.field.createdBy', draft.createdByName || draft.createdBy)}
        {detail(
          'drafts.field.updatedAt',
          <time dateTime={draft.updatedAt}>{formatDateTime(draft.updatedAt, locale)}</time>,
        )}
      </dl>
      {canEdit ? (
        <Group gap="sm" className="tessera-draft__actions">
          <Button
            component={LanguageLink}
            to={draftHref(draft.draftId)}
            aria-label={intl.formatMessage({ id: 'drafts.resumeLabel' }, { title })}
          >
            {intl.formatMessage({ id: 'drafts.resume' })}
          </Button>
          <DeleteDraftButton
            companyId={companyId}
            draftId={draft.draftId}
            title={title}
            onDeleted={onDeleted}
          />
        </Group>
      ) : null}
    </Card>
  );
}
