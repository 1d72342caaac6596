import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import {
  createRoomInput,
  TEXT,
  TOAST,
  type CreateRoomInput,
  type RoomSummary,
} from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { rpc } from "@/lib/rpc";
import { rpcErrorMessage } from "@/lib/rpc-error";

/**
 * The Create room button and its dialog. The name is checked with the schema the server
 * uses (3 to 90 characters, trimmed); on success the new room opens.
 */
export function CreateRoomDialog({ onCreated }: { onCreated(room: RoomSummary): void }) {
  const [open, setOpen] = useState(false);
  const form = useForm({
    resolver: zodResolver(createRoomInput),
    defaultValues: { name: "" },
  });
  const create = useMutation({
    mutationFn: (input: CreateRoomInput) => rpc.room.create(input),
    onSuccess: ({ room }) => {
      toast.success(TOAST.roomCreated);
      setOpen(false);
      form.reset({ name: "" });
      onCreated(room);
    },
    onError: (error) => toast.error(rpcErrorMessage(error, TOAST.genericError)),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset({ name: "" });
      }}
    >
      <DialogTrigger asChild>
        <Button variant="brand" className="w-full">
          <Plus aria-hidden />
          {TEXT.createRoom}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TEXT.createRoomTitle}</DialogTitle>
          <DialogDescription>{TEXT.createRoomHint}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((input) => create.mutate(input))}
        >
          <FormField label={TEXT.roomNameLabel} error={form.formState.errors.name?.message}>
            <Input autoComplete="off" {...form.register("name")} />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {TEXT.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" variant="brand" pending={create.isPending}>
              {TEXT.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
