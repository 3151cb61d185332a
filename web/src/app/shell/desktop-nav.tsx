import { localePath, splitLocalePath, type MenuItem } from '@tessera/domain';
import { useId, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { useLocale } from '../../lib/use-locale';
import { ClickOutside } from '../../ui/click-outside';
import { CmsLink } from '../../ui/cms-link';
import { menuItemKey, menuItemTarget } from './menu-link';

function Chevron() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The main menu on wide screens: first-level items with children open a panel (disclosure pattern:
 * a button with `aria-expanded`) listing the second level and, under each, the third. Escape
 * closes it and returns focus; so do a click outside and a navigation.
 */
export function DesktopNav({ items, label }: { items: MenuItem[]; label: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const location = useLocation();
  const baseId = useId();
  // The open panel belongs to the page it was opened on: navigating closes it.
  const [open, setOpen] = useState<{ key: string; pathname: string } | null>(null);
  const openKey = open?.pathname === location.pathname ? open.key : null;
  const setOpenKey = (key: string | null) =>
    setOpen(key === null ? null : { key, pathname: location.pathname });
  const currentPath = splitLocalePath(location.pathname).path;

  const ariaCurrent = (item: MenuItem): 'page' | undefined => {
    const href = menuItemTarget(item).href;
    return href && splitLocalePath(localePath(locale, href)).path === currentPath ? 'page' : undefined;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || openKey === null) return;
    document.getElementById(`${baseId}-button-${openKey}`)?.focus();
    setOpenKey(null);
  };

  return (
    <ClickOutside onClickOutside={() => setOpenKey(null)} isDisabled={openKey === null}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape bubbling from the menu's own buttons closes the open submenu (WAI-ARIA disclosure navigation) */}
      <nav aria-label={label} className="tessera-desktop-nav" onKeyDown={onKeyDown}>
        <ul className="tessera-desktop-nav__list">
          {items.map((item, index) => {
            const key = menuItemKey(item, index);
            const target = menuItemTarget(item);
            if (item.children.length === 0) {
              return (
                <li key={key}>
                  <CmsLink
                    link={target}
                    className="tessera-desktop-nav__item"
                    aria-current={ariaCurrent(item)}
                  >
                    {item.text}
                  </CmsLink>
                </li>
              );
            }
            const isOpen = openKey === key;
            const panelId = `${baseId}-panel-${key}`;
            return (
              <li key={key}>
                <button
                  type="button"
                  id={`${baseId}-button-${key}`}
                  className="tessera-desktop-nav__item"
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => setOpenKey(isOpen ? null : key)}
                >
                  {item.text}
                  <Chevron />
                </button>
                <div id={panelId} className="tessera-mega-panel" hidden={!isOpen}>
                  {target.href ? (
                    <CmsLink link={target} className="tessera-mega-panel__overview">
                      {intl.formatMessage({ id: 'shell.menu.overview' }, { name: item.text })}
                    </CmsLink>
                  ) : null}
                  <ul className="tessera-mega-panel__columns">
                    {item.children.map((child, childIndex) => {
                      const childTarget = menuItemTarget(child);
                      return (
                        <li key={menuItemKey(child, childIndex)} className="tessera-mega-panel__column">
                          {childTarget.href ? (
                            <CmsLink
                              link={childTarget}
                              className="tessera-mega-panel__heading"
                              aria-current={ariaCurrent(child)}
                            >
                              {child.text}
                            </CmsLink>
                          ) : (
                            <span className="tessera-mega-panel__heading">{child.text}</span>
                          )}
                          {child.children.length > 0 ? (
                            <ul className="tessera-mega-panel__links">
                              {child.children.map((grandchild, grandchildIndex) => (
                                <li key={menuItemKey(grandchild, grandchildIndex)}>
                                  <CmsLink
                                    link={menuItemTarget(grandchild)}
                                    aria-current={ariaCurrent(grandchild)}
                                  >
                                    {grandchild.text}
                                  </CmsLink>
                                </li>
                              ))}
                            </ul>
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                </div>
              </li>
            );
          })}
        </ul>
      </nav>
    </ClickOutside>
  );
}
