export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };

/** A small leveled logger writing one line per event; enough for a single service. */
export function createLogger(level: LogLevel): Logger {
  const enabled = (l: LogLevel) => ORDER[l] >= ORDER[level];
  const line = (l: string, message: string) => `${new Date().toISOString()} ${l} ${message}`;
  return {
    debug: (m) => enabled("debug") && console.debug(line("debug", m)),
    info: (m) => enabled("info") && console.info(line("info", m)),
    warn: (m) => enabled("warn") && console.warn(line("warn", m)),
    error: (m, error) => {
      if (!enabled("error")) return;
      console.error(line("error", m), error ?? "");
    },
  };
}
