import { Download, X } from "lucide-react";
import { useId } from "react";
import { USERS_TEXT, type AdminUser, type UsersSearch, type UserType } from "@chatsphere/contract";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { downloadText } from "@/lib/download";
import { DeleteGuestsButton } from "./delete-guests-button";
import { useNameFilter } from "./use-name-filter";
import { usersCsv } from "./users-csv";
import { hasUserFilters, USER_TYPE_OPTIONS } from "./users-search";

interface UsersToolbarProps {
  search: UsersSearch;
  /** The current page's users (what Export writes), once loaded. */
  users: AdminUser[] | undefined;
  onFilter: (next: Partial<Pick<UsersSearch, "name" | "userType">>) => void;
}

/** Filter by name, User type, Clear, Export and Delete Guests (SPEC §2). */
export function UsersToolbar({ search, users, onFilter }: UsersToolbarProps) {
  const nameId = useId();
  const typeId = useId();
  const [draft, setDraft] = useNameFilter(search.name, (name) => onFilter({ name }));
  const canClear = hasUserFilters(search) || draft.trim() !== "";

  const clear = () => {
    setDraft("");
    onFilter({ name: undefined, userType: "all" });
  };
  const exportPage = () => {
    if (!users) return;
    downloadText(USERS_TEXT.csvFileName(search.page), usersCsv(users));
  };

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid w-full gap-1.5 sm:w-64">
        <Label htmlFor={nameId}>{USERS_TEXT.filterLabel}</Label>
        <Input
          id={nameId}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={USERS_TEXT.filterPlaceholder}
          autoComplete="off"
        />
      </div>
      <div className="grid w-full gap-1.5 sm:w-44">
        <Label htmlFor={typeId}>{USERS_TEXT.userTypeLabel}</Label>
        <Select
          value={search.userType}
          onValueChange={(value) => onFilter({ userType: value as UserType })}
        >
          <SelectTrigger id={typeId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {USER_TYPE_OPTIONS.map((type) => (
              <SelectItem key={type} value={type}>
                {USERS_TEXT.userTypes[type]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
        <Button variant="ghost" onClick={clear} disabled={!canClear}>
          <X aria-hidden /> {USERS_TEXT.clear}
        </Button>
        <Button variant="outline" onClick={exportPage} disabled={!users || users.length === 0}>
          <Download aria-hidden /> {USERS_TEXT.export}
        </Button>
        <DeleteGuestsButton />
      </div>
    </div>
  );
}
