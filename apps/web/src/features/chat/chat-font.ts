/**
 * The app font with the colour emoji fonts ahead of the generic families: otherwise a system
 * font with black-and-white emoji glyphs can win for characters Inter does not have.
 */
export const CHAT_FONT = {
  fontFamily:
    '"Inter Variable", "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", ui-sans-serif, system-ui, sans-serif',
} as const;
