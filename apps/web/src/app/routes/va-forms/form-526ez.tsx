import { PageHeader } from '@/components/layouts/page-header';
import { Form526ezPage } from '@/features/va-forms/components/form-526ez/form-526ez-page';

/** `/va-forms/526ez` (Application for Disability Compensation, VA Form 21-526EZ). */
export function Form526ezRoute() {
  return (
    <>
      <PageHeader
        title="Application for Disability Compensation (VA Form 21-526EZ)"
        description="Check your application against VA’s rules, fix anything VA would refuse, and submit it to VA through VA.gov."
      />
      <Form526ezPage />
    </>
  );
}
