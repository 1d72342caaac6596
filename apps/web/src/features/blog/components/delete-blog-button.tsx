import { Trash2 } from "lucide-react";
import { useState } from "react";
import { CONTENT_TEXT } from "@chatsphere/contract";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useDeleteBlog } from "../api";

/** The admin's delete action on a blog card, behind a confirmation (SPEC §2). */
export function DeleteBlogButton({
  id,
  title,
  className,
}: {
  id: string;
  title: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteBlog();
  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label={`${CONTENT_TEXT.deleteBlog}: ${title}`}
          className={cn(
            "bg-background/85 text-destructive shadow-sm backdrop-blur hover:bg-destructive hover:text-destructive-foreground",
            className,
          )}
        >
          <Trash2 />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{CONTENT_TEXT.deleteBlogTitle}</AlertDialogTitle>
          <AlertDialogDescription>{CONTENT_TEXT.deleteBlogBody(title)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            pending={remove.isPending}
            onClick={() => remove.mutate(id, { onSettled: () => setOpen(false) })}
          >
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
