import { MerchantHomePage } from '../features/content/pages/home-page';
import { MerchantPortal } from '../features/merchants/components/merchant-portal';

/**
 * `/merchant` (SPEC §2): the merchant portal's home from the CMS (title, summary, the tiles of the
 * pages issue 16 builds) with the merchants feature's virtual terminal below the title. Composed
 * here because a feature never imports another.
 */
export function MerchantPortalHomePage() {
  return (
    <MerchantHomePage>
      <MerchantPortal />
    </MerchantHomePage>
  );
}
