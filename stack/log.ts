export type LogLevel = 'silent' | 'error' | 'info' | 'debug';

export interface Logger {
  error(msg: string, extra?: unknown): void;
  info(msg: string): void;
  debug(msg: string): void;
}

const ORDER: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };

export function createLogger(level: LogLevel, tag = 'stack'): Logger {
  const on = (l: LogLevel) => ORDER[level] >= ORDER[l];
  return {
    error: (msg, extra) => {
      if (on('error')) console.error(`[${tag}] ${msg}`, ...(extra === undefined ? [] : [extra]));
    },
    info: (msg) => {
      if (on('info')) console.log(`[${tag}] ${msg}`);
    },
    debug: (msg) => {
      if (on('debug')) console.log(`[${tag}] ${msg}`);
    },
  };
}
