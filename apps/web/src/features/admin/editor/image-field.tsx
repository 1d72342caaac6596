import { ImageUp, X } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import {
  BLOG_IMAGE_ACCEPT,
  BLOG_IMAGE_MAX_BYTES,
  BLOG_IMAGE_TYPES,
  CONTENT_ERROR,
  CONTENT_TEXT,
} from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/** A quick check before uploading; the server checks the bytes again. */
export function imageProblem(file: File): string | null {
  if (file.size > BLOG_IMAGE_MAX_BYTES) return CONTENT_ERROR.imageTooLarge;
  if (!(file.type in BLOG_IMAGE_TYPES)) return CONTENT_ERROR.imageTypeUnsupported;
  return null;
}

interface ImageFieldProps {
  file: File | null;
  error: string | null;
  onChange: (file: File | null) => void;
}

/** 'Upload Image' with a preview of the chosen file (SPEC §2). */
export function ImageField({ file, error, onChange }: ImageFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <div className="grid gap-3">
      <FormField
        label={CONTENT_TEXT.uploadImage}
        hint={CONTENT_TEXT.uploadImageHelp}
        error={error ?? undefined}
      >
        <Input
          ref={input}
          type="file"
          accept={BLOG_IMAGE_ACCEPT}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          className="cursor-pointer py-1.5 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground"
        />
      </FormField>
      {preview ? (
        <div className="relative w-full max-w-md overflow-hidden rounded-xl border">
          <img src={preview} alt="" className="aspect-[16/9] w-full object-cover" />
          <Button
            type="button"
            size="icon-sm"
            variant="outline"
            aria-label={CONTENT_TEXT.removeImage}
            onClick={() => {
              if (input.current) input.current.value = "";
              onChange(null);
            }}
            className="absolute top-2 right-2 bg-background/85 backdrop-blur"
          >
            <X />
          </Button>
        </div>
      ) : (
        <div className="flex max-w-md items-center gap-3 rounded-xl border border-dashed px-4 py-3 text-sm text-muted-foreground">
          <ImageUp className="size-5" aria-hidden /> {CONTENT_TEXT.imageFormats}
        </div>
      )}
    </div>
  );
}
