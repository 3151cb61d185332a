import { Anchor, Button, Drawer, Group, Notification, Stack, Text, Title } from '@mantine/core';
import type { Card, Cardholder } from '@tessera/domain';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { CardholderApp } from '../../../lib/cardholder-app-slot';
import { LanguageLink } from '../../../ui/language-link';
import { useCardMovements } from '../api/get-card-movements';
import { calendarDate, canRename } from '../model';
import { CardMovements } from './card-movements';
import { CardActions } from './card-actions';
import { ExpiryBadge, StatusBadge, TopUpBadge } from './card-badges';
import { CardholderForm } from './cardholder-form';
import { LeaverMark } from './leaver-mark';
import { MaskedNumber } from './masked-number';
import { RenameCardForm } from './rename-card-form';
import type { Unloaded } from './unload-card';
import { familyName, productName } from '../../../lib/labels';

type Props = {
  card: Card | null;
  canEdit: boolean;
  now: Date;
  onClose: () => void;
  /** The card as saved (renamed, or with its cardholder edited). */
  onChanged: (card: Card) => void;
};

/**
 * The card's side panel: its details and cardholder, renaming and editing for the roles that may,
 * the issue flows it can start and the unload of its balance. A dialog: focus stays inside, Escape
 * closes it and the focus goes back to the row it came from.
 */
export function CardPanel({ card, canEdit, now, onClose, onChanged }: Props) {
  const intl = useIntl();
  // While the drawer slides out, it keeps showing the card it showed.
  const [shown, setShown] = useState(card);
  if (card !== null && card !== shown) setShown(card);
  // While a dialog opened from the panel is up, Escape closes that dialog only.
  const [hasDialog, setHasDialog] = useState(false);
  if (card === null && hasDialog) setHasDialog(false);

  return (
    <Drawer
      opened={card !== null}
      onClose={onClose}
      closeOnEscape={!hasDialog}
      position="right"
      size="lg"
      title={shown ? shown.cardName || shown.maskedNumber : ''}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'cards.panel.close' }) }}
      styles={{ title: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 700 } }}
    >
      {shown ? (
        <CardPanelBody
          key={shown.cardId}
          card={shown}
          canEdit={canEdit}
          now={now}
          onChanged={onChanged}
          onDialogChange={setHasDialog}
        />
      ) : null}
    </Drawer>
  );
}

type Editing = 'none' | 'name' | 'cardholder';

function CardPanelBody({
  card,
  canEdit,
  now,
  onChanged,
  onDialogChange,
}: {
  card: Card;
  canEdit: boolean;
  now: Date;
  onChanged: (card: Card) => void;
  onDialogChange: (isOpen: boolean) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const ids = useId();
  const [editing, setEditing] = useState<Editing>('none');
  const [saved, setSaved] = useState<string | null>(null);
  const [unloaded, setUnloaded] = useState<Unloaded | null>(null);
  const unloadedRef = useRef<HTMLDivElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const holder = card.cardholder;
  // The newer of two balances: the movements' (read when the panel opened: the list's may predate a
  // purchase at a merchant) and the card's as changed here (an unload), until the movements catch up.
  const movements = useCardMovements(card.cardId);
  const [changedAt, setChangedAt] = useState(0);
  const balanceCents =
    movements.data && movements.dataUpdatedAt > changedAt ? movements.data.balanceCents : card.balanceCents;
  const empty = intl.formatMessage({ id: 'cards.panel.empty' });

  // The unload's dialog has closed (its button may be gone with the balance): the reader goes on
  // from what it did.
  useEffect(() => {
    if (unloaded) unloadedRef.current?.focus();
  }, [unloaded]);

  const startEditing = (what: Editing) => {
    setSaved(null);
    setUnloaded(null);
    setEditing(what);
  };
  /** Back from a form: the focus returns to the button that opened it (after it is rendered again). */
  const stopEditing = (what: Exclude<Editing, 'none'>) => {
    setEditing('none');
    window.setTimeout(() => (what === 'name' ? renameButton : editButton).current?.focus());
  };

  const onRenamed = (next: Card) => {
    onChanged(next);
    setSaved(intl.formatMessage({ id: 'cards.rename.saved' }));
    stopEditing('name');
  };
  const onUnloaded = (next: Unloaded) => {
    setSaved(null);
    setUnloaded(next);
    setChangedAt(Date.now());
    onChanged({ ...card, balanceCents: next.balanceCents });
  };
  const onCardholderSaved = (next: Cardholder) => {
    onChanged({ ...card, cardholder: next });
    setSaved(intl.formatMessage({ id: 'cards.cardholder.saved' }));
    stopEditing('cardholder');
  };

  return (
    <Stack gap="lg">
      <Group gap={6}>
        <StatusBadge status={card.status} />
        <ExpiryBadge card={card} now={now} />
        <TopUpBadge card={card} />
      </Group>

      <div role="status" aria-live="polite">
        {saved ? (
          <Text c="tessera.7" fw={600}>
            {saved}
          </Text>
        ) : null}
        {unloaded ? (
          <UnloadedNotice unloaded={unloaded} noticeRef={unloadedRef} onClose={() => setUnloaded(null)} />
        ) : null}
      </div>

      <section aria-labelledby={`${ids}-details`}>
        <Title order={3} size="h4" id={`${ids}-details`}>
          {intl.formatMessage({ id: 'cards.panel.details' })}
        </Title>
        <dl className="tessera-definitions tessera-cards-panel__list">
          <Definition term={intl.formatMessage({ id: 'cards.panel.number' })}>
            <MaskedNumber card={card} />
          </Definition>
          <Definition term={intl.formatMessage({ id: 'cards.panel.cardName' })}>
            {card.cardName || empty}
          </Definition>
          <Definition term={intl.formatMessage({ id: 'cards.panel.product' })}>
            {productName(card.product, locale)}
          </Definition>
          <Definition term={intl.formatMessage({ id: 'cards.panel.family' })}>
            {familyName(intl, card.family)}
          </Definition>
          <Definition term={intl.formatMessage({ id: 'cards.panel.expiry' })}>
            {formatDate(calendarDate(card.expiryDate), locale)}
          </Definition>
          <Definition term={intl.formatMessage({ id: 'cards.panel.balance' })}>
            {formatMoney(balanceCents)}
          </Definition>
          <Definition term={intl.formatMessage({ id: 'cards.panel.lastLoad' })}>
            {card.lastLoadedAt
              ? formatDateTime(card.lastLoadedAt, locale)
              : intl.formatMessage({ id: 'cards.panel.neverLoaded' })}
          </Definition>
          <Definition term={intl.formatMessage({ id: 'cards.panel.createdAt' })}>
            {formatDate(card.createdAt, locale)}
          </Definition>
        </dl>
        {canEdit && canRename(card) && editing === 'name' ? (
          <RenameCardForm card={card} onSaved={onRenamed} onCancel={() => stopEditing('name')} />
        ) : null}
        {canEdit && canRename(card) && editing !== 'name' ? (
          <Button ref={renameButton} variant="light" onClick={() => startEditing('name')}>
            {intl.formatMessage({ id: 'cards.rename.start' })}
          </Button>
        ) : null}
      </section>

      <section aria-labelledby={`${ids}-holder`}>
        <Title order={3} size="h4" id={`${ids}-holder`}>
          {intl.formatMessage({ id: 'cards.panel.cardholder' })}
        </Title>
        {canEdit && editing === 'cardholder' ? (
          <>
            <CardholderForm
              cardholder={holder}
              onSaved={onCardholderSaved}
              onCancel={() => stopEditing('cardholder')}
            />
            <LeaverMark cardholderId={holder.cardholderId} />
          </>
        ) : (
          <>
            <dl className="tessera-definitions tessera-cards-panel__list">
              <Definition term={intl.formatMessage({ id: 'cards.panel.holderName' })}>
                {`${holder.firstName} ${holder.lastName}`.trim() || empty}
              </Definition>
              <Definition term={intl.formatMessage({ id: 'cards.cardholder.email' })}>
                {holder.email || empty}
              </Definition>
              <Definition term={intl.formatMessage({ id: 'cards.cardholder.phone' })}>
                {holder.phone || empty}
              </Definition>
              <Definition term={intl.formatMessage({ id: 'cards.cardholder.employeeCode' })}>
                {holder.employeeCode || empty}
              </Definition>
              <Definition term={intl.formatMessage({ id: 'cards.cardholder.taxId' })}>
                {holder.taxId || empty}
              </Definition>
            </dl>
            {canEdit ? (
              <Button ref={editButton} variant="light" onClick={() => startEditing('cardholder')}>
                {intl.formatMessage({ id: 'cards.cardholder.start' })}
              </Button>
            ) : null}
            {/* Issue 35 §8: whether the holder uses the cardholder app, and the invitation. */}
            {canEdit ? <CardholderApp cardholderId={holder.cardholderId} canInvite /> : null}
          </>
        )}
      </section>

      <CardMovements
        movements={movements}
        headingId={`${ids}-movements`}
        cardId={card.cardId}
        canDispute={canEdit}
      />

      {canEdit ? (
        <CardActions
          card={card}
          now={now}
          headingId={`${ids}-actions`}
          onDialogChange={onDialogChange}
          onUnloaded={onUnloaded}
        />
      ) : null}
    </Stack>
  );
}

/** What an unload did, with the way to its order. */
function UnloadedNotice({
  unloaded,
  noticeRef,
  onClose,
}: {
  unloaded: Unloaded;
  noticeRef: RefObject<HTMLDivElement | null>;
  onClose: () => void;
}) {
  const intl = useIntl();
  // An identifier, not a quantity: `#10700`, never `#10.700`.
  const number = String(unloaded.order.orderNumber);
  return (
    <Notification
      ref={noticeRef}
      tabIndex={-1}
      color="tessera"
      title={intl.formatMessage({ id: 'cards.unload.done' })}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'cards.unload.dismiss' }) }}
      withBorder
    >
      <Text size="sm">
        {intl.formatMessage(
          { id: 'cards.unload.doneText' },
          { number, amount: formatMoney(unloaded.amountCents) },
        )}
      </Text>
      <Anchor
        component={LanguageLink}
        to={paths.orderDetails.href(unloaded.order.orderId)}
        size="sm"
        fw={600}
      >
        {intl.formatMessage({ id: 'cards.unload.viewOrder' }, { number })}
      </Anchor>
    </Notification>
  );
}

function Definition({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
