import { QUOTA_FEATURES, type QuotaFeature } from '@muster/contract/billing';
import { FEATURE_NAMES } from '@muster/domain/quotas';

/** The quota named in an answer's text ("decision letter quota reached" → decision_letters). */
export function quotaFeatureFromText(text: string): QuotaFeature | undefined {
  const lower = text.toLowerCase();
  return QUOTA_FEATURES.find((feature) => lower.includes(`${FEATURE_NAMES[feature]} quota`));
}
