/**
 * Gives the main thread back to the browser for a moment (input, paint): what follows the
 * await runs in a task of its own, so work split this way is never one long task.
 */
export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
