import "@tanstack/react-router";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** The page fills the viewport itself; the layout leaves out the footer. */
    fullScreen?: boolean;
  }
}
