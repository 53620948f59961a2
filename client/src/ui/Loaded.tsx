import type { ReactNode } from "react";
import { LoadingState } from "./LoadingState";
import { LoadProblem } from "./LoadProblem";

type Props<T> = {
  /** What the screen shows, once it is there (a query's field, not its whole data). */
  data: T | null | undefined;
  /** The query that reads it: its failure, and how to try again. */
  query: { error?: { message: string } | undefined; refetch: () => Promise<unknown> };
  /** What is read, as the failure text names it ('the facility dashboard'). */
  what: string;
  /** The spinner's words, where they are not 'Loading {what}…'. */
  loadingLabel?: string;
  children: (data: T) => ReactNode;
};

/**
 * A screen's data in its three states: shown once there, otherwise the load's problem with a button to
 * try again, otherwise a spinner.
 */
export function Loaded<T>({ data, query, what, loadingLabel = `Loading ${what}…`, children }: Props<T>) {
  if (data) return children(data);
  if (query.error) {
    return (
      <LoadProblem
        what={what}
        message={query.error.message}
        onRetry={() => void query.refetch().catch(() => undefined)}
      />
    );
  }
  return <LoadingState label={loadingLabel} />;
}
