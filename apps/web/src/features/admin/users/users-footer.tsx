import { useId } from "react";
import {
  USERS_PAGE_SIZES,
  USERS_TEXT,
  type ListUsersOutput,
  type UsersSearch,
} from "@chatsphere/contract";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { UsersPager } from "./users-pager";

interface UsersFooterProps {
  search: UsersSearch;
  page: ListUsersOutput;
  onLimit: (limit: number) => void;
}

/** The count, 'Rows per page' (5, 10, 20, 50; back to page 1) and the pager (SPEC §2). */
export function UsersFooter({ search, page, onLimit }: UsersFooterProps) {
  const limitId = useId();
  // A limit typed into the URL (say 7) is honoured and offered beside the usual sizes.
  const sizes = [...new Set([...USERS_PAGE_SIZES, search.limit])].sort((a, b) => a - b);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {USERS_TEXT.totalUsers(page.total)}
      </p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-6">
        <div className="flex items-center gap-2">
          <Label htmlFor={limitId} className="whitespace-nowrap">
            {USERS_TEXT.rowsPerPage}
          </Label>
          <Select value={String(search.limit)} onValueChange={(value) => onLimit(Number(value))}>
            <SelectTrigger id={limitId} className="h-9 w-20">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {sizes.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {size}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <UsersPager search={search} page={page} />
      </div>
    </div>
  );
}
