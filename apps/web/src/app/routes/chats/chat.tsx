import { uuidSchema } from '@muster/contract/common';
import { ERR } from '@muster/contract/errors';
import { threadTitle } from '@muster/contract/threads';
import { SearchXIcon } from 'lucide-react';
import { useLocation, useParams } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useThread } from '@/features/chat/api/get-thread';
import { ChatHeader } from '@/features/chat/components/chat-header';
import { Conversation } from '@/features/chat/components/conversation';
import { isApiError } from '@/lib/api-error';

import { BackToChats } from './back-to-chats';
import type { ChatLocationState } from './new-chat';

const TITLE = 'Chat';

/** `/chats/{id}` (Chat): one conversation with the assistant. */
export function ChatRoute() {
  const { threadId = '' } = useParams();
  const location = useLocation();
  // Thread ids are UUIDs: anything else names no thread, so nothing is asked of the API.
  const isThreadId = uuidSchema.safeParse(threadId).success;
  const thread = useThread(threadId, { enabled: isThreadId });
  const state = location.state as ChatLocationState | null;

  const header = (title = TITLE) => (
    <>
      <BackToChats />
      <ChatHeader title={title} />
    </>
  );

  if (thread.data) {
    return (
      <>
        {header(threadTitle(thread.data))}
        <Conversation
          // Another thread starts a fresh conversation view.
          key={thread.data.id}
          threadId={thread.data.id}
          shouldFocusComposer={state?.focusComposer === true}
        />
      </>
    );
  }
  if (!isThreadId || (isApiError(thread.error) && thread.error.code === ERR.NOT_FOUND)) {
    return (
      <>
        {header()}
        <EmptyState
          icon={SearchXIcon}
          title="We could not find this conversation"
          action={{ label: 'See your chats', href: paths.chats.list.getHref() }}
        >
          It may have been deleted, or the link is incomplete.
        </EmptyState>
      </>
    );
  }
  if (thread.isError) {
    return (
      <>
        {header()}
        <QueryErrorPanel
          title="We could not load this conversation"
          error={thread.error}
          onRetry={() => void thread.refetch()}
          isRetrying={thread.isFetching}
        />
      </>
    );
  }
  return (
    <>
      {header()}
      <PageSpinner label="Loading the conversation" />
    </>
  );
}
