import { lazy, Suspense } from 'react';
import { LoadingState } from '../../../ui/state-views';
import { useCardsKpis } from '../api/get-cards-kpis';

// The chart library is most of this page's code: the figures and the list do not wait for it.
const LoadedByMonthChart = lazy(() =>
  import('./loaded-by-month-chart').then((module) => ({ default: module.LoadedByMonthChart })),
);

/**
 * Loads per month, from the same answer as the key figures (one request). While it loads or when
 * it failed, the key figures above already say so; this shows nothing of its own.
 */
export function LoadsChart() {
  const kpis = useCardsKpis();
  if (!kpis.data) return null;
  return (
    <Suspense fallback={<LoadingState />}>
      <LoadedByMonthChart months={kpis.data.loadedByMonth} />
    </Suspense>
  );
}
