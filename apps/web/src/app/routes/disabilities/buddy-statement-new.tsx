import { PageHeader } from '@/components/layouts/page-header';
import { BuddyRequest } from '@/features/layman/components/buddy-request';

/** `/disabilities/buddy-statement/new`: ask someone for a lay statement through a signing link. */
export function BuddyStatementNewRoute() {
  return (
    <>
      <PageHeader
        title="Request a buddy statement"
        description="Ask someone who knows you, such as a fellow service member, a family member or a friend, to write and sign a statement that supports your claim. They need no account: they open the link, answer a few questions, and sign."
      />
      <BuddyRequest />
    </>
  );
}
