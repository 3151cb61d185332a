import { VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';

const STEPS: readonly MessageId[] = [
  'bulk.steps.file',
  'bulk.steps.reading',
  'bulk.steps.check',
  'bulk.steps.drafts',
];

/**
 * Where the file is: chosen, being read, checked and fixed, made into drafts. The steps follow the
 * import's state (the server's), so they only show the way: a list, not buttons; the current step
 * is `aria-current="step"`.
 */
export function BulkSteps({ active }: { active: number }) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage({ id: 'bulk.steps.nav' })} className="tessera-bulk-steps">
      <ol>
        {STEPS.map((id, index) => {
          const state = index < active ? 'done' : index === active ? 'current' : 'next';
          return (
            <li
              key={id}
              className={`tessera-bulk-steps__step tessera-bulk-steps__step--${state}`}
              aria-current={index === active ? 'step' : undefined}
            >
              <span className="tessera-bulk-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <span>{intl.formatMessage({ id })}</span>
              {state === 'done' ? (
                <VisuallyHidden> {intl.formatMessage({ id: 'bulk.steps.done' })}</VisuallyHidden>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
