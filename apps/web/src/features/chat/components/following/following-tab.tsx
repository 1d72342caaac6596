import { MessagesSquare } from "lucide-react";
import { TEXT, type ChatUser } from "@chatsphere/contract";
import { useFollowingOnline } from "../../hooks/use-following-online";
import { openDirectChat, useOpenDirectChat } from "../../hooks/use-open-direct-chat";
import { useWideLayout } from "../../hooks/use-wide-layout";
import { DirectChat } from "./direct-chat";
import { FollowSection } from "./follow-section";

/**
 * The Following tab (SPEC §2, §4): Mutual, Following and Followers, and the one-to-one chat
 * opened from a mutual. Wide screens show the lists on the left and the chat on the right;
 * narrow ones the lists, then the chat alone with a way back.
 */
export function FollowingTab({ self }: { self: { id: string; name: string } }) {
  const wide = useWideLayout();
  const peer = useOpenDirectChat(self.id);
  const online = useFollowingOnline(self.id);
  const open = (person: ChatUser | null) => openDirectChat(self.id, person);

  const lists = (
    <div className="grid grid-cols-1 gap-4 p-3 sm:p-4">
      {(["mutual", "following", "followers"] as const).map((list) => (
        <FollowSection
          key={list}
          list={list}
          online={online}
          activeId={peer?.id ?? null}
          onOpen={open}
        />
      ))}
    </div>
  );
  const chat = peer ? (
    <DirectChat
      key={peer.id}
      peer={peer}
      selfId={self.id}
      online={online.has(peer.id)}
      onBack={wide ? undefined : () => open(null)}
    />
  ) : null;

  if (!wide && chat) return <div className="flex h-full min-h-0 flex-col">{chat}</div>;
  return (
    <div className="flex h-full min-h-0">
      <div
        className={
          wide ? "w-80 shrink-0 overflow-y-auto border-r bg-muted/30" : "flex-1 overflow-y-auto"
        }
        tabIndex={0}
        role="region"
        aria-label={TEXT.peopleYouFollow}
      >
        {lists}
      </div>
      {wide ? (
        <section
          className="flex min-w-0 flex-1 flex-col"
          aria-label={peer ? TEXT.directChatWith(peer.name) : TEXT.followingTab}
        >
          {chat ?? <PickSomeone />}
        </section>
      ) : null}
    </div>
  );
}

function PickSomeone() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-muted-foreground">
      <MessagesSquare className="size-12 opacity-40" aria-hidden />
      <p className="max-w-xs text-sm">{TEXT.pickMutualHint}</p>
    </div>
  );
}
