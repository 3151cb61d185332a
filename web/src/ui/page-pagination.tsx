import { Group, Pagination } from '@mantine/core';
import { useIntl } from 'react-intl';

/**
 * The page numbers under a paged list, centred, each control named for screen readers ("Next
 * page", "Page 3"); nothing when everything fits on one page.
 */
export function PagePagination({
  pages,
  page,
  onChange,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const intl = useIntl();
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="lg">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({
          'aria-label': intl.formatMessage({ id: `shell.page.${control}` }),
        })}
        getItemProps={(item) => ({
          'aria-label': intl.formatMessage({ id: 'shell.page.number' }, { page: item }),
        })}
      />
    </Group>
  );
}
