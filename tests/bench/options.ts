/** A benchmark's numeric command-line option (`--runs 7`), or its default. */
export function numberOption(args: readonly string[], name: string, fallback: number): number {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
}
