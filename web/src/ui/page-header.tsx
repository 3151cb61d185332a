import { Text, Title } from '@mantine/core';

/** A page's heading: its title and, when present, what the page is for. */
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
