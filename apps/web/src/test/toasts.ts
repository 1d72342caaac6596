import { screen, waitFor, within } from "@testing-library/react";

/** The toasts on screen: sonner's list, a region labelled "Notifications" (render.tsx mounts it). */
export const toasts = () => within(screen.getByRole("region", { name: /^Notifications/ }));

/**
 * Waits for a toast reading `text`. It looks in the toasts only, so a toast is told apart from
 * the same text under a field; and not at visibility, which sonner's CSS animates in.
 */
export const findToast = (text: string) => waitFor(() => toasts().getByText(text));
