/** How shared GitHub code reports progress; the Action maps it to @actions/core, the App to its pino logger. */
export interface Logger {
  info(message: string): void;
  warning(message: string): void;
  error(message: string): void;
  /** Collapsible log group in Actions; a plain prefix elsewhere. */
  group<T>(name: string, fn: () => Promise<T>): Promise<T>;
}
