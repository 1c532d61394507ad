import { parseArgs } from 'node:util';

/**
 * An operator command's words and who runs it: `--<option> NAME` wherever it stands, else the shell's user,
 * else `fallback`. Null for an unknown option or one given without a name: the command then answers its usage.
 */
export function readCommandLine(
  argv: string[],
  option: string,
  fallback: string,
): { words: string[]; actor: string } | null {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { [option]: { type: 'string' } },
      allowPositionals: true,
    });
    const given = values[option];
    return { words: positionals, actor: typeof given === 'string' ? given : (process.env.USER ?? fallback) };
  } catch {
    return null;
  }
}
