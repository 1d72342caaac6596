import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { CONTENT_TEXT } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { CategoryField } from "./category-field";
import { blogFormSchema, EMPTY_BLOG, type BlogFormValues } from "./form-values";
import { ImageField, imageProblem } from "./image-field";
import { RichTextEditor } from "./rich-text-editor";
import { SlugField } from "./slug-field";
import { TagsField } from "./tags-field";
import { useCreateBlog } from "./use-create-blog";

/** The new-blog form of SPEC §2, validated with the same schema as the server (SPEC §5). */
export function NewBlogForm() {
  const form = useForm<BlogFormValues>({
    resolver: zodResolver(blogFormSchema),
    defaultValues: EMPTY_BLOG,
  });
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const create = useCreateBlog({
    onSlugTaken: (message) => {
      form.setValue("slugLocked", false);
      form.setError("slug", { message }, { shouldFocus: true });
    },
  });
  const { errors, isSubmitted } = form.formState;

  const chooseImage = (file: File | null) => {
    setImage(file);
    setImageError(file ? imageProblem(file) : null);
  };

  return (
    <form
      noValidate
      className="grid gap-6"
      onSubmit={form.handleSubmit((values) => {
        if (imageError) return;
        create.mutate({ values, image });
      })}
    >
      <FormField label={CONTENT_TEXT.titleLabel} error={errors.title?.message}>
        <Input autoComplete="off" {...form.register("title")} />
      </FormField>
      <SlugField control={form.control} setValue={form.setValue} validate={isSubmitted} />
      <div className="grid gap-6 md:grid-cols-2">
        <CategoryField control={form.control} />
        <TagsField control={form.control} />
      </div>
      <BodyField form={form} />
      <FormField label={CONTENT_TEXT.tldrLabel} error={errors.tldr?.message}>
        <Textarea rows={3} {...form.register("tldr")} />
      </FormField>
      <FormField label={CONTENT_TEXT.excerptLabel} error={errors.excerpt?.message}>
        <Textarea rows={6} {...form.register("excerpt")} />
      </FormField>
      <ImageField file={image} error={imageError} onChange={chooseImage} />
      <Button
        type="submit"
        variant="brand"
        size="lg"
        pending={create.isPending}
        className="justify-self-start"
      >
        {CONTENT_TEXT.createBlog}
      </Button>
    </form>
  );
}

function BodyField({ form }: { form: ReturnType<typeof useForm<BlogFormValues>> }) {
  const { field, fieldState } = useController({ control: form.control, name: "body" });
  const id = useId();
  const error = fieldState.error?.message;
  return (
    <div className="grid gap-2">
      <Label id={`${id}-label`} onClick={() => form.setFocus("body")}>
        {CONTENT_TEXT.bodyLabel}
      </Label>
      <RichTextEditor
        initialValue={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        focusRef={field.ref}
        labelId={`${id}-label`}
        errorId={error ? `${id}-error` : undefined}
        invalid={Boolean(error)}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
