import { Text, Title } from '@mantine/core';

/** A content page's heading: its title and, when present, its summary. */
export function PageHeader({ title, summary, id }: { title: string; summary?: string; id?: string }) {
  return (
    <div className="tessera-page-header">
      <Title order={1} id={id}>
        {title}
      </Title>
      {summary ? (
        <Text size="lg" className="tessera-page-header__summary">
          {summary}
        </Text>
      ) : null}
    </div>
  );
}
