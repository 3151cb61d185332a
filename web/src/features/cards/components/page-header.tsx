import { Text, Title } from '@mantine/core';

/** The page's heading and what the page is for. */
export function PageHeader({ id, title, summary }: { id: string; title: string; summary: string }) {
  return (
    <div className="tessera-page-header">
      <Title order={1} id={id}>
        {title}
      </Title>
      <Text size="lg" className="tessera-page-header__summary">
        {summary}
      </Text>
    </div>
  );
}
