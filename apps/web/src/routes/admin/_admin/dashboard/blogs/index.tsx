import { createFileRoute, Link } from "@tanstack/react-router";
import { Plus } from "lucide-react";
import { TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";

/** SPEC §2: a 'New Blog' link; the list itself is not shown here. */
export const Route = createFileRoute("/admin/_admin/dashboard/blogs/")({
  component: AdminBlogsPage,
});

function AdminBlogsPage() {
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Blogs</h1>
          <p className="text-sm text-muted-foreground">
            Write a new post. Published posts appear on the public blog, where admins can delete
            them.
          </p>
        </div>
        <Button asChild>
          <Link to="/admin/dashboard/blogs/new">
            <Plus /> {TEXT.newBlog}
          </Link>
        </Button>
      </div>
    </div>
  );
}
