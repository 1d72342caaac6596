import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useController, type Control } from "react-hook-form";
import { CONTENT_TEXT } from "@chatsphere/contract";
import { FormField } from "@/components/ui/form-field";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { categoriesQueryOptions } from "../api";
import type { BlogFormValues } from "./form-values";

const linkClass = "text-xs font-medium text-primary hover:underline";

/** 'Select a category'; with none yet, a link to the categories page (SPEC §2). */
export function CategoryField({ control }: { control: Control<BlogFormValues> }) {
  const { data: categories } = useSuspenseQuery(categoriesQueryOptions());
  const { field, fieldState } = useController({ control, name: "categoryId" });
  const empty = categories.length === 0;
  return (
    <FormField
      label={CONTENT_TEXT.categoryLabel}
      error={fieldState.error?.message}
      hint={empty ? CONTENT_TEXT.noCategoriesYet : undefined}
      labelAction={
        empty ? (
          <Link to="/admin/dashboard/categories" className={linkClass}>
            {CONTENT_TEXT.createCategoryLink}
          </Link>
        ) : null
      }
    >
      <SelectField
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        disabled={empty}
        options={categories}
      />
    </FormField>
  );
}

interface SelectFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  disabled: boolean;
  options: { id: string; name: string }[];
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

function SelectField({ value, onChange, onBlur, disabled, options, ...aria }: SelectFieldProps) {
  return (
    <Select value={value || undefined} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger {...aria} onBlur={onBlur}>
        <SelectValue placeholder={CONTENT_TEXT.selectCategory} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.id} value={option.id}>
            {option.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
