import { CONTENT_TEXT } from "@chatsphere/contract";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NewBlogForm } from "./new-blog-form";

export function NewBlogPage() {
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle as="h1">{CONTENT_TEXT.newBlogTitle}</CardTitle>
        <CardDescription>{CONTENT_TEXT.newBlogSubtitle}</CardDescription>
      </CardHeader>
      <CardContent>
        <NewBlogForm />
      </CardContent>
    </Card>
  );
}
