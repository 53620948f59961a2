/** A benchmark's numeric command-line option (`--runs 7`), or its default. */
export function numberOption(args: readonly string[], name: string, fallback: number): number {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
}

/** A benchmark's text command-line option (`--only postgres`), or undefined. */
export function textOption(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}
