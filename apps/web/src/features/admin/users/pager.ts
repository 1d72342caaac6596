import { USERS_PAGER_WINDOW } from "@chatsphere/contract";

export type PagerItem = { kind: "page"; page: number } | { kind: "ellipsis"; key: "start" | "end" };

/**
 * The pager's links (SPEC §2): up to `size` numbered pages around the current one, plus the
 * first and the last page with an ellipsis where pages are skipped. A current page past the
 * end (an old link) is treated as the last page, so the pager still leads back.
 */
export function pagerItems(
  current: number,
  totalPages: number,
  size: number = USERS_PAGER_WINDOW,
): PagerItem[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(current, 1), totalPages);
  const span = Math.min(size, totalPages);
  const start = Math.min(Math.max(page - Math.floor((span - 1) / 2), 1), totalPages - span + 1);
  const end = start + span - 1;

  const items: PagerItem[] = [];
  if (start > 1) items.push({ kind: "page", page: 1 });
  if (start > 2) items.push({ kind: "ellipsis", key: "start" });
  for (let n = start; n <= end; n++) items.push({ kind: "page", page: n });
  if (end < totalPages - 1) items.push({ kind: "ellipsis", key: "end" });
  if (end < totalPages) items.push({ kind: "page", page: totalPages });
  return items;
}
