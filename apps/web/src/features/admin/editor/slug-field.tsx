import { Lock, LockOpen } from "lucide-react";
import { useEffect } from "react";
import { useController, useWatch, type Control, type UseFormSetValue } from "react-hook-form";
import { CONTENT_TEXT, slugify } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { BlogFormValues } from "./form-values";

interface SlugFieldProps {
  control: Control<BlogFormValues>;
  setValue: UseFormSetValue<BlogFormValues>;
  validate: boolean;
}

/**
 * The slug with its lock (SPEC §2, §4): locked, it follows the title (SPEC §5 derivation)
 * and cannot be edited; unlocked, it is typed by hand; locking again re-derives it.
 */
export function SlugField({ control, setValue, validate }: SlugFieldProps) {
  const title = useWatch({ control, name: "title" });
  const { field: lock } = useController({ control, name: "slugLocked" });
  const { field, fieldState } = useController({ control, name: "slug" });
  const locked = lock.value;

  useEffect(() => {
    if (locked) setValue("slug", slugify(title), { shouldValidate: validate });
  }, [locked, title, setValue, validate]);

  return (
    <FormField
      label={CONTENT_TEXT.slugLabel}
      error={fieldState.error?.message}
      hint={CONTENT_TEXT.slugHelp}
    >
      <SlugInput
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        locked={locked}
        onToggle={() => lock.onChange(!locked)}
      />
    </FormField>
  );
}

interface SlugInputProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
  locked: boolean;
  onToggle: () => void;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/** FormField hands its id and aria attributes to this wrapper, which gives them to the input. */
function SlugInput({
  value,
  onChange,
  onBlur,
  inputRef,
  locked,
  onToggle,
  ...aria
}: SlugInputProps) {
  return (
    <div className="flex gap-2">
      <Input
        {...aria}
        ref={inputRef}
        value={value}
        disabled={locked}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className="font-mono"
      />
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={CONTENT_TEXT.lockSlug}
        title={CONTENT_TEXT.lockSlugHint}
        aria-pressed={locked}
        onClick={onToggle}
        className={locked ? "text-primary" : "text-muted-foreground"}
      >
        {locked ? <Lock /> : <LockOpen />}
      </Button>
    </div>
  );
}
