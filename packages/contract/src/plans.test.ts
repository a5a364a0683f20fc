import { describe, expect, it } from 'vitest';

import { PLANS, savingOverMonthlyCents } from './plans.ts';

const planOf = (id: string) => PLANS.find((plan) => plan.id === id)!;
/** Every dollar amount a text names, in cents. */
const amountsIn = (text: string) =>
  [...text.matchAll(/\$(\d+)\.(\d{2})/g)].map(
    ([, dollars, cents]) => Number(dollars) * 100 + Number(cents),
  );

describe('plans', () => {
  it('works out the saving of a longer plan from the prices, in whole cents', () => {
    expect(savingOverMonthlyCents({ priceUsd: 149.99, interval: '6 months' }, 29.99)).toBe(2995);
    expect(savingOverMonthlyCents({ priceUsd: 149.95, interval: '6 months' }, 29.99)).toBe(2999);
    expect(savingOverMonthlyCents({ priceUsd: 179.94, interval: '6 months' }, 29.99)).toBeNull();
    expect(savingOverMonthlyCents({ priceUsd: 29.99, interval: 'month' }, 29.99)).toBeNull();
    expect(savingOverMonthlyCents({ priceUsd: 299.99, interval: 'once' }, 29.99)).toBeNull();
  });

  it('the six-month plan names the saving its prices give, and no "price of" claim', () => {
    const monthly = planOf('PRO_MONTHLY');
    const sixMonths = planOf('PRO_BIANNUALLY');
    const saving = savingOverMonthlyCents(sixMonths, monthly.priceUsd);
    expect(saving).toBe(
      Math.round(monthly.priceUsd * 100) * 6 - Math.round(sixMonths.priceUsd * 100),
    );
    const named = sixMonths.highlights.flatMap(amountsIn);
    expect(named).toEqual([saving]);
    expect(sixMonths.highlights.join(' ')).toContain('compared with 6 months of Pro Monthly');
    for (const plan of PLANS) expect(plan.highlights.join(' ')).not.toMatch(/price of/i);
  });
});
