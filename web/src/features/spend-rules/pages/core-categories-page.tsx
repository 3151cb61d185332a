import { Button, Paper, SimpleGrid, Table, TextInput, Title } from '@mantine/core';
import { stripLeadingWhitespace } from '@tessera/domain';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { FieldErrors } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { FormAlert } from '../../../ui/form-alert';
import { LoadingButton } from '../../../ui/loading-button';
import { PageHeader } from '../../../ui/page-header';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import {
  useCoreCategoriesAdmin,
  useSaveCoreCategory,
  type CoreCategoryField,
  type CoreCategoryView,
} from '../api/core-categories-admin';

type Values = { code: string; nameEl: string; nameEn: string; mcc: string };
const EMPTY: Values = { code: '', nameEl: '', nameEn: '', mcc: '' };

/**
 * `/back-office/core-categories` (role 1; ADR 024): the core categories MyBenefits rules name, with
 * their names in both languages and the MCC codes each covers. Editing one fills the form below;
 * a new code adds a category at the end of the list.
 */
export function CoreCategoriesPage() {
  const intl = useIntl();
  const categories = useCoreCategoriesAdmin();
  const save = useSaveCoreCategory();
  const [values, setValues] = useState<Values>(EMPTY);
  const [isEditing, setIsEditing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<CoreCategoryField>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const title = intl.formatMessage({ id: 'backOffice.core.title' });
  useDocumentTitle(title);

  const edit = (category: CoreCategoryView) => {
    setSaved(null);
    setErrors({});
    setIsEditing(true);
    setValues({
      code: category.code,
      nameEl: category.nameEl,
      nameEn: category.nameEn,
      mcc: category.mccCodes.join(', '),
    });
  };
  const bind = (key: keyof Values) => ({
    name: key,
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = stripLeadingWhitespace(event.currentTarget.value);
      setValues((current) => ({ ...current, [key]: value }));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(null);
    const mccCodes = values.mcc
      .split(/[\s,;]+/)
      .map((code) => code.trim())
      .filter(Boolean);
    const result = await save.mutateAsync({
      code: values.code,
      nameEl: values.nameEl,
      nameEn: values.nameEn,
      mccCodes,
    });
    if (!result.ok) {
      // The server names a wrong code by its place in the list (`mccCodes.1`).
      setErrors(result.fieldErrors);
      return;
    }
    setErrors({});
    setValues(EMPTY);
    setIsEditing(false);
    setSaved(intl.formatMessage({ id: 'backOffice.core.saved' }, { name: result.data.nameEl }));
  };

  let table;
  if (categories.isPending) table = <LoadingState />;
  else if (categories.isError) table = <ErrorState onRetry={() => void categories.refetch()} />;
  else {
    table = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="sm" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'backOffice.core.code' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'backOffice.core.nameEl' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'backOffice.core.nameEn' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'backOffice.core.mcc' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'backOffice.core.edit' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {categories.data.map((category) => (
              <Table.Tr key={category.code}>
                <Table.Td>{category.code}</Table.Td>
                <Table.Td>{category.nameEl}</Table.Td>
                <Table.Td>{category.nameEn}</Table.Td>
                <Table.Td>{category.mccCodes.join(', ')}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => edit(category)}
                    aria-label={intl.formatMessage(
                      { id: 'backOffice.core.editOf' },
                      { name: category.nameEl },
                    )}
                  >
                    {intl.formatMessage({ id: 'backOffice.core.edit' })}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  const mccError = Object.entries(errors).find(([field]) => field.startsWith('mccCodes'))?.[1];
  return (
    <section className="tessera-page" aria-labelledby="core-categories-title">
      <PageHeader
        id="core-categories-title"
        title={title}
        summary={intl.formatMessage({ id: 'backOffice.core.summary' })}
      />
      {saved ? (
        <FormAlert key={saved} kind="success">
          {saved}
        </FormAlert>
      ) : null}
      {table}
      <Paper
        component="section"
        withBorder
        radius="md"
        p="lg"
        mt="xl"
        aria-labelledby="core-category-form-title"
      >
        <Title order={2} size="h4" id="core-category-form-title" mb="md">
          {isEditing ? values.nameEl : intl.formatMessage({ id: 'backOffice.core.add' })}
        </Title>
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={intl.formatMessage({ id: 'backOffice.core.code' })}
              description={intl.formatMessage({ id: 'backOffice.core.codeHelp' })}
              withAsterisk
              readOnly={isEditing}
              error={errors.code}
              {...bind('code')}
            />
            <TextInput
              label={intl.formatMessage({ id: 'backOffice.core.mcc' })}
              description={intl.formatMessage({ id: 'backOffice.core.mccHelp' })}
              withAsterisk
              error={mccError}
              {...bind('mcc')}
            />
            <TextInput
              label={intl.formatMessage({ id: 'backOffice.core.nameEl' })}
              withAsterisk
              error={errors.nameEl}
              {...bind('nameEl')}
            />
            <TextInput
              label={intl.formatMessage({ id: 'backOffice.core.nameEn' })}
              withAsterisk
              error={errors.nameEn}
              {...bind('nameEn')}
            />
          </SimpleGrid>
          <LoadingButton type="submit" mt="md" isLoading={save.isPending}>
            {intl.formatMessage({ id: 'backOffice.core.save' })}
          </LoadingButton>
        </form>
      </Paper>
    </section>
  );
}
