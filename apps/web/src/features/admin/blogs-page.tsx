import { Link } from "@tanstack/react-router";
import { ExternalLink, Plus } from "lucide-react";
import { TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** SPEC §2: a 'New Blog' link; the list itself is not shown here (admins delete on /blogs). */
export function AdminBlogsPage() {
  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 pb-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle as="h1">Blogs</CardTitle>
          <CardDescription>
            Write a new post. Published posts appear on the public blog, where admins can delete
            them.
          </CardDescription>
        </div>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to="/blogs">
              <ExternalLink /> View blog
            </Link>
          </Button>
          <Button asChild variant="brand">
            <Link to="/admin/dashboard/blogs/new">
              <Plus /> {TEXT.newBlog}
            </Link>
          </Button>
        </div>
      </CardHeader>
    </Card>
  );
}
