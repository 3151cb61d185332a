import { useEffect } from 'react';

const SITE = 'Tessera';

/** Sets the tab title to `<page> · Tessera` while the page is shown. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE}` : SITE;
  }, [title]);
}
