import { PlusIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ChatHeader } from '@/features/chat/components/chat-header';
import { ThreadList } from '@/features/threads/components/thread-list';

const PAGE_SIZE = 20;
/** `?page=` as a page number; anything else is the first page. */
const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

const pageHref = (page: number) =>
  page === 1 ? paths.chats.list.getHref() : `${paths.chats.list.getHref()}?page=${page}`;

/** `/chats` (Chats): the veteran's conversations with the assistant, newest first. */
export function ChatsRoute() {
  const [searchParams] = useSearchParams();
  const page = pageParam.parse(searchParams.get('page') ?? undefined);
  return (
    <>
      <ChatHeader
        title="Chats"
        description="Your conversations with the Muster assistant about your claim."
        actions={
          <Button asChild size="sm">
            <Link to={paths.chats.new.getHref()}>
              <PlusIcon aria-hidden />
              New chat
            </Link>
          </Button>
        }
      />
      <ThreadList page={page} pageSize={PAGE_SIZE} pageHref={pageHref} />
    </>
  );
}
