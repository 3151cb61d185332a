import { Avatar } from '@mantine/core';

type AvatarTitleProps = {
  /** The name the initials come from. */
  name: string;
  title: string;
  subtitle?: string;
};

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : [parts[0] ?? '?'];
  return letters.map((part) => (part ?? '').charAt(0).toLocaleUpperCase()).join('');
}

/** Avatar with a title and an optional subtitle (profile menu, account pages). */
export function AvatarTitle({ name, title, subtitle }: AvatarTitleProps) {
  return (
    <span className="tessera-avatar-title">
      <Avatar color="tessera" radius="xl" size="sm" aria-hidden="true">
        {initialsOf(name)}
      </Avatar>
      <span className="tessera-avatar-title__text">
        <span className="tessera-avatar-title__title">{title}</span>
        {subtitle ? <span className="tessera-avatar-title__subtitle">{subtitle}</span> : null}
      </span>
    </span>
  );
}
