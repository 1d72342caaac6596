import {
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/cn";
import { dialogStyles } from "./dialog-styles";

interface RequiredDialogProps {
  open: boolean;
  /** The ids of the dialog's title and description (its accessible name and description). */
  labelledBy: string;
  describedBy: string;
  className?: string;
  children: ReactNode;
}

const noSubscription = () => () => {};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab go round the dialog's controls, as in Radix's dialog. */
function keepFocusInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== "Tab") return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
  } else if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal that must be answered (the home page's age question): no close button, and Escape
 * or a click outside does nothing. It looks like `DialogContent` and keeps the page behind it
 * out of reach as Radix does (inert, scroll locked, focus kept inside), without the Radix
 * dialog's code, which would otherwise be a tenth of the first page's JavaScript (`npm run
 * check` holds its budget). Rendered only in the browser, after hydration, as Radix's portal is.
 * The control marked `data-autofocus` gets the focus once the dialog shows (else the dialog).
 */
export function RequiredDialog({
  open,
  labelledBy,
  describedBy,
  className,
  children,
}: RequiredDialogProps) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const layer = useRef<HTMLDivElement>(null);
  const shown = open && inBrowser;

  useLayoutEffect(() => {
    const own = layer.current;
    if (!shown || !own) return;
    const body = document.body;
    const others = [...body.children].filter((el) => el !== own && !el.hasAttribute("inert"));
    for (const el of others) el.setAttribute("inert", "");
    // The focus and the scroll lock wait for the frame that shows the dialog: both read the
    // page's layout (focus needs current styles; the lock, the scrollbar's width), and read
    // inside React's commit they made the browser style and lay out the page there and then
    // (~50 ms with the CPU slowed 4x on the home page) instead of in that frame's own task.
    const { overflow, marginRight } = body.style;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      settle = setTimeout(() => {
        const first = own.querySelector<HTMLElement>("[data-autofocus]");
        (first ?? own.querySelector<HTMLElement>('[role="dialog"]'))?.focus();
        // Lock the page's scroll, keeping the scrollbar's width so nothing behind moves.
        const scrollbar = window.innerWidth - document.documentElement.clientWidth;
        body.style.overflow = "hidden";
        if (scrollbar > 0) body.style.marginRight = `${scrollbar}px`;
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
      for (const el of others) el.removeAttribute("inert");
      body.style.overflow = overflow;
      body.style.marginRight = marginRight;
    };
  }, [shown]);

  if (!shown) return null;
  return createPortal(
    <div ref={layer}>
      <div className={dialogStyles.overlay} aria-hidden />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={cn(dialogStyles.content, className)}
        onKeyDown={keepFocusInside}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
