import { Stepper, VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { STEPS, type Step } from '../model';

export const STEP_LABEL: Record<Step, MessageId> = {
  info: 'cardIssue.step.info',
  overview: 'cardIssue.step.overview',
  payment: 'cardIssue.step.payment',
};

/**
 * Where the user is in the flow (SPEC §4: info, overview, payment). The current step is marked
 * `aria-current="step"` and said in words; earlier steps can be opened again, later ones are
 * reached with the step's own button (which checks and saves first).
 */
export function IssueStepper({ step, onStep }: { step: Step; onStep: (step: Step) => void }) {
  const intl = useIntl();
  const active = STEPS.indexOf(step);
  return (
    <nav aria-label={intl.formatMessage({ id: 'cardIssue.step.nav' })} className="tessera-issue-stepper">
      <Stepper
        active={active}
        onStepClick={(index) => {
          const next = STEPS[index];
          if (next && index < active) onStep(next);
        }}
        allowNextStepsSelect={false}
        size="sm"
      >
        {STEPS.map((item, index) => {
          const label = intl.formatMessage({ id: STEP_LABEL[item] });
          const state = index < active ? 'done' : index === active ? 'current' : 'next';
          return (
            <Stepper.Step
              key={item}
              label={label}
              aria-current={index === active ? 'step' : undefined}
              aria-disabled={index > active || undefined}
              aria-label={intl.formatMessage(
                { id: `cardIssue.step.state.${state}` },
                { number: index + 1, total: STEPS.length, label },
              )}
            />
          );
        })}
      </Stepper>
      <VisuallyHidden aria-live="polite">
        {intl.formatMessage(
          { id: 'cardIssue.step.current' },
          { number: active + 1, total: STEPS.length, label: intl.formatMessage({ id: STEP_LABEL[step] }) },
        )}
      </VisuallyHidden>
    </nav>
  );
}
