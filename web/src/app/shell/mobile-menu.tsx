import { Drawer, VisuallyHidden } from '@mantine/core';
import type { MenuItem } from '@tessera/domain';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { CmsLink } from '../../ui/cms-link';
import { menuItemKey, menuItemTarget } from './menu-link';

function ChevronRight() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function ChevronLeft() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M10 4l-4 4 4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

type MobileMenuProps = {
  id: string;
  isOpen: boolean;
  onClose: () => void;
  items: MenuItem[];
  /** Shown under the first level: contact, phone, FAQs, language. */
  extra?: ReactNode;
};

/**
 * The hamburger menu below 992 px (SPEC §2): a drawer whose items with children slide to their
 * submenu; a submenu has a back button to its parent (or "Menu") and a breadcrumb of the way in.
 * Focus follows: into the submenu's heading going forward, back to the opening item going back.
 */
export function MobileMenu({ id, isOpen, onClose, items, extra }: MobileMenuProps) {
  const intl = useIntl();
  const menuTitle = intl.formatMessage({ id: 'shell.menu.title' });
  // The way in, as child indexes from the first level.
  const [trail, setTrail] = useState<number[]>([]);
  const [direction, setDirection] = useState<'forward' | 'back'>('forward');
  const focusNext = useRef<{ kind: 'heading' } | { kind: 'item'; index: number } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const chain: MenuItem[] = [];
  let list = items;
  for (const index of trail) {
    const item = list[index];
    if (!item) break;
    chain.push(item);
    list = item.children;
  }
  const current = chain.at(-1);
  const parentName = chain.length > 1 ? (chain[chain.length - 2]?.text ?? menuTitle) : menuTitle;

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target?.kind === 'heading') headingRef.current?.focus();
    if (target?.kind === 'item') {
      listRef.current?.querySelector<HTMLElement>(`[data-menu-index="${target.index}"]`)?.focus();
    }
  }, [trail]);

  const goTo = (next: number[], nextDirection: 'forward' | 'back') => {
    setDirection(nextDirection);
    setTrail(next);
  };
  const openSubmenu = (index: number) => {
    focusNext.current = { kind: 'heading' };
    goTo([...trail, index], 'forward');
  };
  const goBack = (depth = trail.length - 1) => {
    const index = trail[depth];
    if (index !== undefined) focusNext.current = { kind: 'item', index };
    goTo(trail.slice(0, depth), 'back');
  };
  const close = () => {
    setTrail([]);
    onClose();
  };

  const currentTarget = current ? menuItemTarget(current) : null;

  return (
    <Drawer
      id={id}
      opened={isOpen}
      onClose={close}
      title={menuTitle}
      position="left"
      size="min(100%, 24rem)"
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'shell.menu.close' }) }}
      className="tessera-mobile-menu"
    >
      {current ? (
        <div className="tessera-mobile-menu__sub-header">
          <button
            type="button"
            className="tessera-mobile-menu__back"
            aria-label={intl.formatMessage({ id: 'shell.menu.backTo' }, { name: parentName })}
            onClick={() => goBack()}
          >
            <ChevronLeft />
            <span>{parentName}</span>
          </button>
          <nav aria-label={intl.formatMessage({ id: 'shell.menu.breadcrumb' })}>
            <ol className="tessera-mobile-menu__breadcrumb">
              <li>
                <button type="button" onClick={() => goBack(0)}>
                  {menuTitle}
                </button>
              </li>
              {chain.slice(0, -1).map((item, depth) => (
                <li key={menuItemKey(item, depth)}>
                  <button type="button" onClick={() => goBack(depth + 1)}>
                    {item.text}
                  </button>
                </li>
              ))}
              <li aria-current="location">{current.text}</li>
            </ol>
          </nav>
          <h3 ref={headingRef} tabIndex={-1} className="tessera-mobile-menu__heading">
            {current.text}
          </h3>
        </div>
      ) : null}
      <nav aria-label={intl.formatMessage({ id: 'shell.menu.label' })}>
        <ul
          key={trail.join('.')}
          ref={listRef}
          className={`tessera-mobile-menu__list tessera-mobile-menu__list--${direction}`}
        >
          {current && currentTarget?.href ? (
            <li>
              <CmsLink link={currentTarget} className="tessera-mobile-menu__row" onClick={close}>
                {intl.formatMessage({ id: 'shell.menu.overview' }, { name: current.text })}
              </CmsLink>
            </li>
          ) : null}
          {list.map((item, index) => (
            <li key={menuItemKey(item, index)}>
              {item.children.length > 0 ? (
                <button
                  type="button"
                  className="tessera-mobile-menu__row"
                  data-menu-index={index}
                  onClick={() => openSubmenu(index)}
                >
                  <span>{item.text}</span>
                  <VisuallyHidden>{intl.formatMessage({ id: 'shell.menu.submenu' })}</VisuallyHidden>
                  <ChevronRight />
                </button>
              ) : (
                <CmsLink link={menuItemTarget(item)} className="tessera-mobile-menu__row" onClick={close}>
                  {item.text}
                </CmsLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {current ? null : extra}
    </Drawer>
  );
}
