import { Button, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { WarningIllustration } from '../../ui/illustrations';
import { Logo } from '../shell/logo';

type SystemProblemPageProps = {
  /** Leaves the page (clears the error and goes home). */
  onHome?: () => void;
};

/** Full-screen page shown on server errors (SPEC §2 widgets, §8: status 500 or above). */
export function SystemProblemPage({ onHome }: SystemProblemPageProps) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="tessera-system-problem">
      <header className="tessera-system-problem__header">
        <Logo asLink={false} />
      </header>
      <main className="tessera-system-problem__main" id="main-content">
        <WarningIllustration size={140} />
        <Title order={1} ref={heading} tabIndex={-1}>
          {intl.formatMessage({ id: 'systemProblem.title' })}
        </Title>
        <Text size="lg">{intl.formatMessage({ id: 'systemProblem.text' })}</Text>
        {onHome ? (
          <Button onClick={onHome} size="md">
            {intl.formatMessage({ id: 'systemProblem.home' })}
          </Button>
        ) : null}
      </main>
    </div>
  );
}
