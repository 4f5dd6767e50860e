import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PriceListKind } from '@ec/domain';

const KIND_COLORS: Record<PriceListKind, string> = {
  FIXED: 'gray',
  TIME_OF_USE: 'violet',
  SPOT_MARKET: 'orange',
};

/** The kind of a price list or the model of a config: fixed, time of use or spot market. */
export function PriceKindBadge({ kind }: { kind: PriceListKind }) {
  const { t } = useTranslation();
  return (
    <Badge color={KIND_COLORS[kind]} variant="light">
      {t(`pricing_plans.kind.${kind}`)}
    </Badge>
  );
}

/**
 * Whether a price list covers now (spec 001 §4 "price list active or not"): Active, or — for a list of the past
 * or the future — when it applied (Ended) or will apply (Upcoming).
 */
export function ActiveBadge({
  active,
  validFrom,
  today,
}: {
  active: boolean;
  validFrom: string;
  /** The location's date today (YYYY-MM-DD); a list starting later is upcoming. */
  today: string;
}) {
  const { t } = useTranslation();
  if (active) {
    return (
      <Badge color="green" variant="filled">
        {t('pricing_plans.state.active')}
      </Badge>
    );
  }
  const upcoming = validFrom > today;
  return (
    <Badge color={upcoming ? 'blue' : 'gray'} variant="light">
      {t(upcoming ? 'pricing_plans.state.upcoming' : 'pricing_plans.state.ended')}
    </Badge>
  );
}
