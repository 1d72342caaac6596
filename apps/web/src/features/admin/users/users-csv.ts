import { USERS_TEXT, type AdminUser } from "@chatsphere/contract";
import { CSV_BOM, toCsv } from "@/lib/csv";

/** The Export file (SPEC §2): the users on the current page, columns Id, Name, Email, Is Guest. */
export function usersCsv(users: readonly AdminUser[]): string {
  const rows = users.map((user) => [user.id, user.name, user.email, user.isAnonymous]);
  return CSV_BOM + toCsv(USERS_TEXT.csvColumns, rows);
}
