import { NotFoundContent } from '../components/not-found-content';

/** Any address without a page (content slug `not-found`). */
export function NotFoundPage() {
  return <NotFoundContent />;
}
