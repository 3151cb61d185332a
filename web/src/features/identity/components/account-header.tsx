import { Title } from '@mantine/core';

/** The heading of an account page. */
export function AccountHeader({ title, id, summary }: { title: string; id: string; summary?: string }) {
  return (
    <div className="tessera-page-header">
      <Title order={1} id={id}>
        {title}
      </Title>
      {summary ? <p className="tessera-page-header__summary">{summary}</p> : null}
    </div>
  );
}
