import { Group, NativeSelect, Text } from '@mantine/core';
import {
  PRODUCTS,
  type CardCategory,
  type CardFamily,
  type CardIssueReason,
  type OrderType,
} from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { createsCards, familiesFor, productsFor, type Problem, type ProductChoice } from '../model';
import { familyName, productName } from '../../../lib/labels';

type Props = {
  reason: CardIssueReason;
  orderType: OrderType;
  choice: ProductChoice | null;
  /** Picked cards belong to the product: it cannot change under them. */
  isLocked: boolean;
  problem: Problem | null;
  onChange: (choice: ProductChoice) => void;
};

/** The product and family of the draft, and what their limits are. */
export function ProductFields({ reason, orderType, choice, isLocked, problem, onChange }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const products = productsFor(reason);
  const families = choice ? familiesFor(reason, choice.product) : [];

  return (
    <div>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <NativeSelect
          label={intl.formatMessage({ id: 'cardIssue.product.label' })}
          withAsterisk
          aria-required
          disabled={isLocked}
          value={choice?.product ?? ''}
          data={[
            ...(choice ? [] : [{ value: '', label: intl.formatMessage({ id: 'cardIssue.product.choose' }) }]),
            ...products.map((product) => ({ value: product, label: productName(product, locale) })),
          ]}
          error={problem ? intl.formatMessage({ id: problem.id }, problem.values) : undefined}
          onChange={(event) => {
            const product = event.currentTarget.value as CardCategory;
            const family = familiesFor(reason, product)[0];
            if (family) onChange({ product, family });
          }}
        />
        {choice && families.length > 1 ? (
          <NativeSelect
            label={intl.formatMessage({ id: 'cardIssue.family.label' })}
            withAsterisk
            aria-required
            disabled={isLocked}
            value={choice.family}
            data={families.map((family) => ({ value: family, label: familyName(intl, family) }))}
            onChange={(event) =>
              onChange({ product: choice.product, family: event.currentTarget.value as CardFamily })
            }
          />
        ) : null}
      </Group>
      {isLocked ? (
        <Text size="sm" c="dimmed" mt={4}>
          {intl.formatMessage({ id: 'cardIssue.product.locked' })}
        </Text>
      ) : null}
      {choice ? (
        <Text size="sm" mt="xs">
          {intl.formatMessage(
            { id: createsCards(orderType) ? 'cardIssue.product.limitsOrZero' : 'cardIssue.product.limits' },
            {
              min: formatMoney(PRODUCTS[choice.product].minLoadCents),
              max: formatMoney(PRODUCTS[choice.product].maxLoadCents),
            },
          )}
        </Text>
      ) : null}
    </div>
  );
}
