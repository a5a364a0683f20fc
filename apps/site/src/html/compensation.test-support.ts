import { barChartLayout } from '@muster/domain/compensation-chart';
import {
  BELOW_30_NOTE,
  compensationRateTable,
  defaultRateYear,
  monthlyByRating,
  rateYears,
} from '@muster/domain/compensation-table';

import { buildCompensationRates, type CompensationRates } from './compensation.ts';

/** The page data the build makes, from the domain package itself (tests run its TypeScript). */
export function compensationRatesForTest(today: string): CompensationRates {
  return buildCompensationRates(
    {
      BELOW_30_NOTE,
      rateYears,
      defaultRateYear,
      compensationRateTable,
      monthlyByRating,
      barChartLayout,
    },
    today,
  );
}
