/**
 * The dialog's look, shared by the Radix dialog (`dialog.tsx`) and the light one the home page's
 * age question uses (`required-dialog.tsx`), so the two cannot drift apart.
 */
export const dialogStyles = {
  overlay: "fixed inset-0 z-50 bg-black/50 backdrop-blur-sm animate-fade-in",
  content:
    "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border bg-popover p-6 text-popover-foreground shadow-2xl animate-fade-in",
  header: "grid gap-1.5 text-center sm:text-left",
  footer: "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end",
  title: "text-lg font-semibold tracking-tight",
  description: "text-sm text-muted-foreground",
} as const;
