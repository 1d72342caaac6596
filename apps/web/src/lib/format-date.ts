import { useSyncExternalStore } from "react";

const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });
const shortDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** 'January 5, 2026': the long en-US format the comment lists use (SPEC §2). */
export const formatLongDate = (date: Date) => longDate.format(date);

/** 'Jan 5, 2026', for cards. */
export const formatShortDate = (date: Date) => shortDate.format(date);

/** The reader's own local date and time (the admin's feedback list, SPEC §2). */
export const formatLocalDateTime = (date: Date) => date.toLocaleString();

const utcLongDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const utcShortDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

const LOCAL = { long: formatLongDate, short: formatShortDate };
const UTC = {
  long: (date: Date) => utcLongDate.format(date),
  short: (date: Date) => utcShortDate.format(date),
};
const noChanges = () => () => {};

/**
 * The date formats of pages the server prerenders (the blog, decision 0030). The server does
 * not know the reader's time zone, so it writes dates in UTC; while React takes over that HTML
 * it renders the same text, then at once the reader's local date. Rendered in the browser
 * alone (a visit through the app), the local date from the start.
 */
export function useDateFormats(): typeof LOCAL {
  const local = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  return local ? LOCAL : UTC;
}
