import { Menu, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageLink } from './language-link';

export type DropdownMenuItem = {
  key: string;
  label: ReactNode;
  /** Internal path without locale, or an external address. */
  to?: string;
  onClick?: () => void;
  isDanger?: boolean;
};

type DropdownMenuProps = {
  /** What the trigger shows. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is not enough. */
  triggerLabel?: string;
  /** Optional heading inside the dropdown. */
  heading?: ReactNode;
  items: DropdownMenuItem[];
};

/** A keyboard-usable dropdown menu (arrow keys, Escape, Home/End) of links and actions. */
export function DropdownMenu({ trigger, triggerLabel, heading, items }: DropdownMenuProps) {
  return (
    <Menu position="bottom-end" shadow="md" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton className="tessera-dropdown-trigger" aria-label={triggerLabel}>
          {trigger}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {heading ? <Menu.Label>{heading}</Menu.Label> : null}
        {items.map((item) =>
          item.to !== undefined ? (
            <Menu.Item
              key={item.key}
              component={LanguageLink}
              to={item.to}
              color={item.isDanger ? 'red.9' : undefined}
            >
              {item.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={item.key} onClick={item.onClick} color={item.isDanger ? 'red.9' : undefined}>
              {item.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
