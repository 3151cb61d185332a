import type { CompanyUser } from '@tessera/domain';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { AppModal } from '../../../ui/modal';
import { EditManagerForm, InviteForm } from './user-form';

/** What the people pages' modal shows: inviting a colleague, editing one, or nothing. */
export type PeopleModalState<U extends CompanyUser = CompanyUser> =
  { kind: 'invite' } | { kind: 'edit'; user: U } | null;

/**
 * The modal of the company's people pages (`/account/order-managers`, `/account/users`): the
 * invitation form or a colleague's edit form; when either is done it closes and says what happened
 * through `onStatus`.
 */
export function PeopleModal({
  modal,
  companyId,
  inviteTitle,
  onClose,
  onStatus,
}: {
  modal: PeopleModalState;
  companyId: string;
  inviteTitle: MessageId;
  onClose: () => void;
  onStatus: (text: string) => void;
}) {
  const intl = useIntl();
  return (
    <AppModal
      opened={modal !== null}
      onClose={onClose}
      isDismissable={false}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'account.close' }) }}
      size="lg"
      title={intl.formatMessage({ id: modal?.kind === 'edit' ? 'account.people.editTitle' : inviteTitle })}
    >
      {modal?.kind === 'invite' ? (
        <InviteForm
          companyId={companyId}
          onCancel={onClose}
          onDone={({ email }) => {
            onClose();
            onStatus(intl.formatMessage({ id: 'account.people.invited' }, { email }));
          }}
        />
      ) : null}
      {modal?.kind === 'edit' ? (
        <EditManagerForm
          companyId={companyId}
          user={modal.user}
          onCancel={onClose}
          onDone={({ name }) => {
            onClose();
            onStatus(intl.formatMessage({ id: 'account.people.updated' }, { name }));
          }}
        />
      ) : null}
    </AppModal>
  );
}
