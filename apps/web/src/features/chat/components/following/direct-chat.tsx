import { useQuery, useQueryClient } from "@tanstack/react-query";
import { TEXT, TOAST, type ChatUser } from "@chatsphere/contract";
import { Spinner } from "@/components/ui/spinner";
import { rpcErrorMessage } from "@/lib/rpc-error";
import { directChatQuery, editFollowLists, refreshFollowLists } from "../../api";
import { sendingOffNotice } from "../../following/direct-chat-state";
import { withLatestMessage } from "../../following/follow-pages";
import { useFollowFlags } from "../../hooks/use-follow-flags";
import { useMarkDirectChatRead } from "../../hooks/use-mark-direct-chat-read";
import { Conversation } from "../conversation/conversation";
import { DirectChatHeader } from "./direct-chat-header";

interface DirectChatProps {
  peer: ChatUser;
  selfId: string;
  online: boolean;
  /** Back to the lists (narrow screens, where the chat takes the whole tab). */
  onBack?(): void;
}

/**
 * The one-to-one chat with a mutual follow: the pair's room (dm.getOrCreateChat) in the shared
 * conversation, with media, typing and emoji as everywhere. It is kept read while open. After
 * either side unfollows, the history stays and the composer says why sending is off.
 */
export function DirectChat({ peer, selfId, online, onBack }: DirectChatProps) {
  const queryClient = useQueryClient();
  const chat = useQuery(directChatQuery(peer.id));
  const room = chat.data?.room ?? null;
  const other = room?.otherUser ?? peer;
  const flags = useFollowFlags(peer.id);
  useMarkDirectChatRead(room?.id ?? null, selfId);

  const header = (
    <DirectChatHeader
      person={other}
      roomId={room?.id ?? null}
      online={flags.isFollowing ? online : null}
      flags={flags}
      onBack={onBack}
    />
  );
  if (!room) {
    return (
      <>
        {header}
        <div className="flex flex-1 items-center justify-center p-6 text-center text-sm text-muted-foreground">
          {chat.isError ? (
            <p role="alert">
              {TOAST.startChatFailed(rpcErrorMessage(chat.error, TOAST.genericError))}
            </p>
          ) : (
            <Spinner className="size-6" />
          )}
        </div>
      </>
    );
  }
  return (
    <Conversation
      key={room.id}
      roomId={room.id}
      selfId={selfId}
      showSender={false}
      safetyMode="direct"
      emptyText={TEXT.directChatEmpty(other.name)}
      header={() => header}
      composerNotice={sendingOffNotice(other.name, flags)}
      onEvent={(frame) => {
        // A message deleted by an admin may be the one the lists preview.
        if (frame.event === "message_deleted") void refreshFollowLists(queryClient);
        if (frame.event !== "message") return;
        // A chat the lists do not show yet (its first message): they load it with the preview.
        if (flags.person?.directChat?.roomId !== room.id) {
          void refreshFollowLists(queryClient);
          return;
        }
        const { content, createdAt, senderId } = frame.payload;
        const latest = { content, createdAt, fromMe: senderId === selfId };
        editFollowLists(queryClient, (data) => withLatestMessage(data, room.id, latest));
      }}
    />
  );
}
