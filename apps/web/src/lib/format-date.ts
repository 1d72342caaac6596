const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });
const shortDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** 'January 5, 2026': the long en-US format the comment lists use (SPEC §2). */
export const formatLongDate = (date: Date) => longDate.format(date);

/** 'Jan 5, 2026', for cards. */
export const formatShortDate = (date: Date) => shortDate.format(date);

/** The reader's own local date and time (the admin's feedback list, SPEC §2). */
export const formatLocalDateTime = (date: Date) => date.toLocaleString();
