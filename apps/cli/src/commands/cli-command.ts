export interface CliCommand {
  readonly summary: string;
  /** Resolves to the process exit code. */
  run(args: readonly string[]): Promise<number>;
}
