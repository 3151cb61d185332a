import type { MenuItem } from '@tessera/domain';
import type { CmsLinkTarget } from '../../ui/cms-link';

/** Where a menu item points: its own `href`, else its link's. Empty when it only groups children. */
export function menuItemTarget(item: MenuItem): CmsLinkTarget {
  return {
    href: item.href || item.link.href || item.link.url,
    target: item.link.target,
    isExternalPage: item.link.isExternalPage,
  };
}

/** A stable key for a menu item (CMS ids may repeat across levels). */
export function menuItemKey(item: MenuItem, index: number): string {
  return `${item.level}-${item.link.id || item.systemName || index}-${index}`;
}
