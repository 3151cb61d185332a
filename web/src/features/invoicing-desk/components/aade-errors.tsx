import { List, Text } from '@mantine/core';
import type { AadeErrorView } from '@tessera/domain';

/** AADE's errors as it gave them: each code and its message. */
export function AadeErrors({ errors }: { errors: readonly AadeErrorView[] }) {
  if (errors.length === 0) return <>—</>;
  return (
    <List size="sm" spacing={2} listStyleType="none" p={0} m={0}>
      {errors.map((error, index) => (
        <List.Item key={`${error.code}-${index}`} style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="sm" ff="monospace">
            {error.code}
          </Text>{' '}
          {error.message}
        </List.Item>
      ))}
    </List>
  );
}
