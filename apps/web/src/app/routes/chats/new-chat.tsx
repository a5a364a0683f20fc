import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { ChatHeader } from '@/features/chat/components/chat-header';
import { NewChat } from '@/features/chat/components/new-chat';

import { BackToChats } from './back-to-chats';

/** What the thread's page is told when the first message was just sent from here. */
export type ChatLocationState = { focusComposer?: boolean };

/** `/chats/new` (New chat): the first message makes the conversation, which then opens. */
export function NewChatRoute() {
  const navigate = useNavigate();
  return (
    <>
      <BackToChats />
      <ChatHeader
        title="New chat"
        description="Ask the Muster assistant about your claim, your conditions or VA forms."
      />
      <NewChat
        onStarted={(threadId) => {
          const state: ChatLocationState = { focusComposer: true };
          // The new chat's page replaces this one: Back returns to where the veteran came from.
          void navigate(paths.chats.detail.getHref(threadId), { replace: true, state });
        }}
      />
    </>
  );
}
