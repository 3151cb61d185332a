import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  COMPANY_ROLES,
  isProviderRole,
  MERCHANT_USER_ROLES,
  ROLE,
  type AdminUser,
  type Locale,
  type MerchantUserRole,
  type RoleId,
} from '@tessera/domain';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { FieldErrors } from '../../../lib/form-errors';
import { useLocale } from '../../../lib/use-locale';
import { FormAlert } from '../../../ui/form-alert';
import { LoadingButton } from '../../../ui/loading-button';
import { useCreateUser, useUpdateUser, type UserField } from '../api/save-user';
import { ROLE_LABELS } from './labels';

type Values = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  preferredLanguage: Locale;
  userRoleId: string;
  companyIds: string;
  merchantId: string;
  merchantRole: MerchantUserRole;
};

/** Company ids typed with commas or spaces between them. */
const idsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((id) => id.trim())
    .filter(Boolean);

/**
 * Creates a user (no `user`) or changes one (provider staff, ADR 023): name, phone, language, role,
 * the companies of a company role (3–5), the merchant and standing of a merchant user (1001).
 * Provider roles (1–2) are offered to admins only (`canGrantStaff`); the server refuses the rest
 * (ADMIN_ONLY). Field errors come from the server in the page's language, beside their fields.
 */
export function AdminUserForm({
  user,
  canGrantStaff,
  onDone,
  onCancel,
}: {
  user?: AdminUser;
  canGrantStaff: boolean;
  onDone: (user: AdminUser) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const create = useCreateUser();
  const update = useUpdateUser(user?.userId ?? '');
  const mutation = user ? update : create;
  const [values, setValues] = useState<Values>({
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    phone: user?.phone ?? '',
    preferredLanguage: user?.preferredLanguage ?? locale,
    userRoleId: String(user?.userRoleId ?? ROLE.ORDER_MANAGER),
    companyIds: user?.relatedCompanies.map((c) => c.companyId).join(', ') ?? '',
    merchantId: user?.merchant?.merchantId ?? '',
    merchantRole: user?.merchant?.merchantRole ?? 'viewer',
  });
  const [errors, setErrors] = useState<FieldErrors<UserField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const roleId = Number(values.userRoleId) as RoleId;
  const isCompanyRole = COMPANY_ROLES.includes(roleId);
  const isMerchant = roleId === ROLE.MERCHANT;
  const label = (field: UserField) => intl.formatMessage({ id: `userAdmin.field.${field}` });
  const set = (field: keyof Values) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };
  const roleOptions = ROLE_LABELS.filter(
    (entry) => canGrantStaff || !isProviderRole(entry.roleId) || entry.roleId === user?.userRoleId,
  ).map((entry) => ({ value: String(entry.roleId), label: intl.formatMessage({ id: entry.label }) }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setErrors({});
    const body = {
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone,
      preferredLanguage: values.preferredLanguage,
      userRoleId: roleId,
      companyIds: isCompanyRole ? idsOf(values.companyIds) : [],
      ...(isMerchant ? { merchantId: values.merchantId.trim(), merchantRole: values.merchantRole } : {}),
    };
    const result = user
      ? await update.mutateAsync(body)
      : await create.mutateAsync({ ...body, email: values.email });
    if (result.ok) return onDone(result.data.user);
    setErrors(result.fieldErrors);
    if (Object.keys(result.fieldErrors).length === 0) {
      setFailure(result.message ?? intl.formatMessage({ id: 'userAdmin.form.failed' }));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      {failure ? (
        <FormAlert kind="error" key={failure}>
          {failure}
        </FormAlert>
      ) : null}
      <Stack gap="md">
        {user ? null : (
          <TextInput
            label={label('email')}
            type="email"
            withAsterisk
            aria-required
            autoComplete="off"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={label('firstName')}
            withAsterisk
            aria-required
            autoComplete="off"
            value={values.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
          />
          <TextInput
            label={label('lastName')}
            withAsterisk
            aria-required
            autoComplete="off"
            value={values.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
          />
          <TextInput
            label={label('phone')}
            type="tel"
            autoComplete="off"
            value={values.phone}
            onChange={set('phone')}
            error={errors.phone}
          />
          <NativeSelect
            label={label('preferredLanguage')}
            data={[
              { value: 'el', label: intl.formatMessage({ id: 'languages.el' }) },
              { value: 'en', label: intl.formatMessage({ id: 'languages.en' }) },
            ]}
            value={values.preferredLanguage}
            onChange={set('preferredLanguage')}
            error={errors.preferredLanguage}
          />
        </SimpleGrid>
        <NativeSelect
          label={label('userRoleId')}
          data={roleOptions}
          value={values.userRoleId}
          onChange={set('userRoleId')}
          error={errors.userRoleId}
        />
        {isCompanyRole ? (
          <TextInput
            label={label('companyIds')}
            description={intl.formatMessage({ id: 'userAdmin.field.companyIdsHint' })}
            withAsterisk
            aria-required
            autoComplete="off"
            value={values.companyIds}
            onChange={set('companyIds')}
            error={errors.companyIds}
          />
        ) : null}
        {isMerchant ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={label('merchantId')}
              withAsterisk
              aria-required
              autoComplete="off"
              value={values.merchantId}
              onChange={set('merchantId')}
              error={errors.merchantId}
            />
            <NativeSelect
              label={label('merchantRole')}
              data={MERCHANT_USER_ROLES.map((role) => ({
                value: role,
                label: intl.formatMessage({ id: `userAdmin.merchantRole.${role}` }),
              }))}
              value={values.merchantRole}
              onChange={set('merchantRole')}
              error={errors.merchantRole}
            />
          </SimpleGrid>
        ) : null}
      </Stack>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {intl.formatMessage({ id: 'userAdmin.form.cancel' })}
        </Button>
        <LoadingButton type="submit" isLoading={mutation.isPending}>
          {intl.formatMessage({ id: user ? 'userAdmin.form.save' : 'userAdmin.form.create' })}
        </LoadingButton>
      </Group>
    </form>
  );
}
