import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { clearGlobalError, useGlobalError } from '../../lib/global-error';
import { registerStepUpHost, useStepUpAsked } from '../../lib/step-up';
import { useLocale } from '../../lib/use-locale';
import { localePath } from '@tessera/domain';
import { paths } from '../paths';
import { SystemProblemPage } from './system-problem-page';

// The modal's code loads with the first error: most visits never need it.
const ErrorModal = lazy(() => import('./error-modal').then((module) => ({ default: module.ErrorModal })));
// The step-up dialog (issue 21 §2) loads the first time a change asks for a fresh code.
const StepUpDialog = lazy(() =>
  import('../../features/identity/components/step-up-dialog').then((module) => ({
    default: module.StepUpDialog,
  })),
);

/** Asks for a fresh code of the second factor while a refused change waits (issue 21 §2). */
function StepUpHost() {
  const isAsked = useStepUpAsked();
  useEffect(() => registerStepUpHost(), []);
  return isAsked ? (
    <Suspense fallback={null}>
      <StepUpDialog />
    </Suspense>
  ) : null;
}

/**
 * Renders the global error raised by the request helper: the system-problem page instead of the
 * shell, or the error modal over it.
 */
export function GlobalErrorHost({ children }: { children: ReactNode }) {
  const error = useGlobalError();
  const navigate = useNavigate();
  const locale = useLocale();
  const goHome = () => {
    clearGlobalError();
    void navigate(localePath(locale, paths.home.href()));
  };

  const signInAgain = () => {
    clearGlobalError();
    void navigate(localePath(locale, paths.logout.href()));
  };

  if (error?.kind === 'system') return <SystemProblemPage onHome={goHome} />;
  return (
    <>
      {children}
      <StepUpHost />
      {error?.kind === 'modal' ? (
        <Suspense fallback={null}>
          <ErrorModal
            isOpen
            message={error.message}
            isDismissable={!error.goHome && !error.signInAgain}
            onOk={error.signInAgain ? signInAgain : error.goHome ? goHome : clearGlobalError}
          />
        </Suspense>
      ) : null}
    </>
  );
}
