import { SearchXIcon } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

/** What a disability's pages show for an id that names none of the veteran's disabilities. */
export function DisabilityNotFound() {
  return (
    <EmptyState
      icon={SearchXIcon}
      title="We could not find this disability"
      action={{ label: 'See your disabilities', href: paths.disabilities.list.getHref() }}
    >
      It may have been deleted, or the link is incomplete.
    </EmptyState>
  );
}
