import { useSyncExternalStore } from "react";

/*
 * The en-US "long" and "medium" date styles ('January 5, 2026', 'Jan 5, 2026'), written out
 * instead of asked of Intl.DateTimeFormat: the first DateTimeFormat a page makes loads the
 * browser's locale data: one task of 65-116 ms with the CPU slowed 4x (a mid-range phone)
 * while a prerendered public page is being taken over. The output is Intl's, character for
 * character (format-date.test.ts compares them).
 */
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const SHORT_MONTHS = MONTHS.map((month) => month.slice(0, 3));

const written = (months: string[], month: number, day: number, year: number) =>
  `${months[month]} ${day}, ${year}`;

/** 'January 5, 2026': the long en-US format the comment lists use (SPEC §2). */
export const formatLongDate = (date: Date) =>
  written(MONTHS, date.getMonth(), date.getDate(), date.getFullYear());

/** 'Jan 5, 2026', for cards. */
export const formatShortDate = (date: Date) =>
  written(SHORT_MONTHS, date.getMonth(), date.getDate(), date.getFullYear());

/** The reader's own local date and time (the admin's feedback list, SPEC §2). */
export const formatLocalDateTime = (date: Date) => date.toLocaleString();

const LOCAL = { long: formatLongDate, short: formatShortDate };
const UTC = {
  long: (date: Date) =>
    written(MONTHS, date.getUTCMonth(), date.getUTCDate(), date.getUTCFullYear()),
  short: (date: Date) =>
    written(SHORT_MONTHS, date.getUTCMonth(), date.getUTCDate(), date.getUTCFullYear()),
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

/** The UTC formats alone (tests). */
export const utcDateFormats = UTC;
