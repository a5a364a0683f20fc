import { PageHeader } from '@/components/layouts/page-header';
import { RatingCalculator } from '@/features/calculator/components/rating-calculator';

export function CalculatorRoute() {
  return (
    <>
      <PageHeader
        title="Rating calculator"
        description="See how VA combines your ratings, every step of the math, and what the combined rating pays each month."
      />
      <RatingCalculator />
    </>
  );
}
