import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vaConditionsWhatIfSchema } from '@muster/contract/va-conditions';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { APP_URL } from '../va-integrations/va-helpers.ts';

let app: TestApp;
let me: { token: string; userId: string };
beforeAll(async () => {
  app = await buildTestApp({ env: { APP_URL } });
  me = await signIn(app, 'conditions.unconfigured@example.com');
});
afterAll(async () => app.close());

describe('[VA][CONDITIONS][CONFIG]', () => {
  it('[VA][CONDITIONS][CONFIG]: without VA.gov the conditions say so (200, not 503)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/va-conditions',
      headers: bearer(me.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      va_configured: false,
      va_connected: false,
      combined_rating: null,
      combined_effective_date: null,
      conditions: [],
      monthly_amount: null,
      rates_year: null,
    });
  });

  it('[VA][CONDITIONS][CONFIG]: the what-if still works from the planned ratings', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/va-conditions/what-if',
      headers: bearer(me.token),
      payload: { planned: [{ name: 'Knee', rating: 10 }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(vaConditionsWhatIfSchema.parse(response.json())).toMatchObject({
      va_configured: false,
      va_connected: false,
      current_combined_rating: 0,
      combined_rating: 10,
      monthly_difference: vaConditionsWhatIfSchema.parse(response.json()).monthly_amount,
    });
    expect(vaConditionsWhatIfSchema.parse(response.json()).monthly_amount).toBeGreaterThan(0);
  });
});
