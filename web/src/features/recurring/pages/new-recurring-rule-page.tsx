import { Anchor, Text, Title } from '@mantine/core';
import { athensDate, localePath } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { RuleEditor } from '../components/rule-editor';
import { emptyRuleForm } from '../model';
import type { RulePageState } from './recurring-rule-page';
import '../recurring.css';

/** `/orders/recurring-rules/new` (issue 19 §2): a new rule; once saved, its page. */
export function NewRecurringRulePage() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const [initial] = useState(() => emptyRuleForm(athensDate()));
  const title = intl.formatMessage({ id: 'recurring.new.title' });
  useDocumentTitle(title);

  return (
    <section className="tessera-page tessera-recurring" aria-labelledby="recurring-new-title">
      <Anchor component={LanguageLink} to={paths.recurringRules.href()} size="sm">
        {intl.formatMessage({ id: 'recurring.backToList' })}
      </Anchor>
      <div className="tessera-page-header">
        <Title order={1} id="recurring-new-title">
          {title}
        </Title>
        <Text size="lg" className="tessera-page-header__summary">
          {intl.formatMessage({ id: 'recurring.new.summary' })}
        </Text>
      </div>
      <RuleEditor
        initial={initial}
        ruleId={null}
        cancelHref={paths.recurringRules.href()}
        onSaved={(rule) =>
          void navigate(localePath(locale, paths.recurringRule.href(rule.ruleId)), {
            state: { savedName: rule.name, isNew: true } satisfies RulePageState,
          })
        }
      />
    </section>
  );
}
