import { LoadingState } from '../../../ui/state-views';

/**
 * The charts' place while their code or texts load: the height of the four chart frames
 * (`dashboard.css`), so the declines below do not move when they arrive (issue 36 §7, ADR 054).
 */
export function ChartsLoading() {
  return (
    <div className="tessera-dashboard__charts-loading">
      <LoadingState />
    </div>
  );
}
