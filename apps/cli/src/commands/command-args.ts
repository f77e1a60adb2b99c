/** A command line split into its operands and the switches it allows. */
export interface CommandArgs {
  readonly operands: readonly string[];
  readonly switches: ReadonlySet<string>;
}

/**
 * Splits `args` into operands and switches (`--name`, `-h`), refusing any switch the command does not know and
 * any operand count outside `operands`: a mistyped `--jsno` must not silently run the command without it.
 * Returns the reason as text when the line is wrong, naming what was wrong.
 */
export function commandArgs(
  args: readonly string[],
  allowed: {
    readonly switches: readonly string[];
    readonly operands: { readonly min: number; readonly max: number };
  },
): CommandArgs | string {
  const switches = new Set<string>();
  const operands: string[] = [];
  for (const arg of args) {
    if (arg.startsWith('-') && arg.length > 1) {
      if (!allowed.switches.includes(arg))
        return `unknown option ${JSON.stringify(arg)} (allowed: ${allowed.switches.join(', ')})`;
      switches.add(arg);
    } else operands.push(arg);
  }
  if (switches.has('--help') || switches.has('-h')) return { operands, switches };
  const { min, max } = allowed.operands;
  if (operands.length < min) return `missing ${min - operands.length === 1 ? 'an argument' : 'arguments'}`;
  if (operands.length > max) return `unexpected argument ${JSON.stringify(operands[max])}`;
  return { operands, switches };
}

/** Whether the line asked for the usage text. */
export const wantsHelp = (args: CommandArgs): boolean =>
  args.switches.has('--help') || args.switches.has('-h');
