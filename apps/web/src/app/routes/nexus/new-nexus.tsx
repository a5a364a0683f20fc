import { PageHeader } from '@/components/layouts/page-header';
import { NewNexusForm } from '@/features/nexus/components/new-nexus-form';

/** `/nexus/new`: a nexus letter started for one of the veteran's disabilities. */
export function NewNexusRoute() {
  return (
    <>
      <PageHeader
        title="Request a nexus letter"
        description="Choose the condition. The letter starts from what you recorded for it: the diagnosis, what happened in service or the condition it comes from, and your records."
      />
      <NewNexusForm />
    </>
  );
}
