import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

/** The way back from a conversation to the list of them. */
export function BackToChats() {
  return (
    <p className="mb-4">
      <Link
        to={paths.chats.list.getHref()}
        className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 inline-flex items-center gap-1 rounded-sm text-sm outline-none focus-visible:ring-[3px]"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        All chats
      </Link>
    </p>
  );
}
