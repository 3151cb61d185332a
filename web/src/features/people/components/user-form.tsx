import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  COMPANY_USER_ROLES,
  RegisterProfileRequestSchema,
  UpdateManagerRequestSchema,
  type CompanyUser,
} from '@tessera/domain';
import { useState, type ReactNode } from 'react';
import {
  useForm,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import type { FormResult } from '../../../lib/form-errors';
import { useLocale } from '../../../lib/use-locale';
import { registerText, reportIssuesOf, setServerErrors, useZodResolver } from '../../../lib/zod-form';
import { LoadingButton } from '../../../ui/loading-button';
import { useRegisterProfile } from '../api/register-profile';
import { useUpdateManager } from '../api/update-manager';
import { FormAlert } from '../../../ui/form-alert';
import { COMPANY_ROLE_GROUPS } from './labels';

/** Selects hold strings; the requests take the role as a number. */
const roleOf = (text: string) => (text === '' ? undefined : Number(text));

const InviteFormSchema = z
  .object({
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    jobTitle: z.string(),
    userRoleId: z.string(),
    preferredLanguage: z.string(),
  })
  .transform((form, ctx) =>
    reportIssuesOf(RegisterProfileRequestSchema, { ...form, userRoleId: roleOf(form.userRoleId) }, ctx),
  );

const EditFormSchema = z
  .object({
    userId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    jobTitle: z.string(),
    userRoleId: z.string(),
  })
  .transform((form, ctx) =>
    reportIssuesOf(UpdateManagerRequestSchema, { ...form, userRoleId: roleOf(form.userRoleId) }, ctx),
  );

type InviteValues = z.input<typeof InviteFormSchema>;
type EditValues = z.input<typeof EditFormSchema>;
type Field = keyof InviteValues;

function useRoleOptions() {
  const intl = useIntl();
  return COMPANY_USER_ROLES.map((roleId) => ({
    value: String(roleId),
    label: intl.formatMessage({ id: COMPANY_ROLE_GROUPS.find((group) => group.roleId === roleId)!.name }),
  }));
}

/** The fields both forms share: name, phone, job title, role. */
function PersonFields({
  register,
  errors,
  roleField,
}: {
  register: (field: 'firstName' | 'lastName' | 'phone' | 'jobTitle') => ReturnType<typeof registerText>;
  errors: Partial<Record<Field, { message?: string }>>;
  roleField: UseFormRegisterReturn;
}) {
  const intl = useIntl();
  const label = (field: Field) => intl.formatMessage({ id: `account.people.field.${field}` });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={label('firstName')}
          withAsterisk
          aria-required
          autoComplete="off"
          {...register('firstName')}
          error={errors.firstName?.message}
        />
        <TextInput
          label={label('lastName')}
          withAsterisk
          aria-required
          autoComplete="off"
          {...register('lastName')}
          error={errors.lastName?.message}
        />
        <TextInput
          label={label('phone')}
          type="tel"
          autoComplete="off"
          {...register('phone')}
          error={errors.phone?.message}
        />
        <TextInput
          label={label('jobTitle')}
          autoComplete="off"
          {...register('jobTitle')}
          error={errors.jobTitle?.message}
        />
      </SimpleGrid>
      <NativeSelect
        label={label('userRoleId')}
        data={useRoleOptions()}
        {...roleField}
        error={errors.userRoleId?.message}
      />
    </>
  );
}

type FormProps<Done> = { companyId: string; onDone: (done: Done) => void; onCancel: () => void };

/**
 * The frame of both forms: sends the values with `submit`; on success `onSaved`, else the server's
 * field messages beside their fields and any other message above them; then Cancel and the submit
 * button.
 */
function PersonForm<V extends FieldValues, Out, T>({
  form,
  submit,
  onSaved,
  onCancel,
  isPending,
  submitLabel,
  children,
}: {
  form: UseFormReturn<V, unknown, Out>;
  submit: (values: Out) => Promise<FormResult<T, Path<V>>>;
  onSaved: (data: T) => void;
  onCancel: () => void;
  isPending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit(async (values) => {
          setFailure(null);
          const result = await submit(values);
          if (result.ok) return onSaved(result.data);
          setServerErrors(form.setError, result.fieldErrors);
          if (Object.keys(result.fieldErrors).length === 0) {
            setFailure(result.message ?? intl.formatMessage({ id: 'account.form.failed' }));
          }
        })(event)
      }
    >
      {failure ? (
        <FormAlert kind="error" key={failure}>
          {failure}
        </FormAlert>
      ) : null}
      <Stack gap="md">{children}</Stack>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {intl.formatMessage({ id: 'account.cancel' })}
        </Button>
        <LoadingButton type="submit" isLoading={isPending}>
          {submitLabel}
        </LoadingButton>
      </Group>
    </form>
  );
}

/** Invites a colleague (`registerProfile`): they receive an email to set their password. */
export function InviteForm({ companyId, onDone, onCancel }: FormProps<{ email: string }>) {
  const intl = useIntl();
  const locale = useLocale();
  const invite = useRegisterProfile(companyId);
  const form = useForm<InviteValues, unknown, z.output<typeof InviteFormSchema>>({
    resolver: useZodResolver(InviteFormSchema),
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      phone: '',
      jobTitle: '',
      userRoleId: String(COMPANY_USER_ROLES[0]),
      preferredLanguage: locale,
    },
    mode: 'onTouched',
  });
  const errors = form.formState.errors;
  const register = (field: 'email' | 'firstName' | 'lastName' | 'phone' | 'jobTitle') =>
    registerText(form.register, field);

  return (
    <PersonForm
      form={form}
      submit={invite.mutateAsync}
      onSaved={(data) => onDone({ email: data.user.email })}
      onCancel={onCancel}
      isPending={invite.isPending}
      submitLabel={intl.formatMessage({ id: 'account.people.inviteSubmit' })}
    >
      <TextInput
        label={intl.formatMessage({ id: 'account.people.field.email' })}
        type="email"
        withAsterisk
        aria-required
        autoComplete="off"
        {...register('email')}
        error={errors.email?.message}
      />
      <PersonFields register={register} errors={errors} roleField={form.register('userRoleId')} />
      <NativeSelect
        label={intl.formatMessage({ id: 'account.people.field.preferredLanguage' })}
        data={[
          { value: 'el', label: intl.formatMessage({ id: 'languages.el' }) },
          { value: 'en', label: intl.formatMessage({ id: 'languages.en' }) },
        ]}
        {...form.register('preferredLanguage')}
        error={errors.preferredLanguage?.message}
      />
    </PersonForm>
  );
}

/** Changes a colleague's contact details and role (`updateManager`). */
export function EditManagerForm({
  companyId,
  user,
  onDone,
  onCancel,
}: FormProps<{ name: string }> & { user: CompanyUser }) {
  const intl = useIntl();
  const update = useUpdateManager(companyId);
  const form = useForm<EditValues, unknown, z.output<typeof EditFormSchema>>({
    resolver: useZodResolver(EditFormSchema),
    defaultValues: {
      userId: user.userId,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      jobTitle: user.jobTitle,
      userRoleId: String(user.userRoleId),
    },
    mode: 'onTouched',
  });
  const errors = form.formState.errors;
  const register = (field: 'firstName' | 'lastName' | 'phone' | 'jobTitle') =>
    registerText(form.register, field);

  return (
    <PersonForm
      form={form}
      submit={update.mutateAsync}
      onSaved={(data) => onDone({ name: `${data.user.firstName} ${data.user.lastName}` })}
      onCancel={onCancel}
      isPending={update.isPending}
      submitLabel={intl.formatMessage({ id: 'account.people.editSubmit' })}
    >
      <PersonFields register={register} errors={errors} roleField={form.register('userRoleId')} />
    </PersonForm>
  );
}
