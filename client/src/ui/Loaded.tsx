import type { ReactNode } from "react";
import { LoadingState } from "./LoadingState";
import { LoadProblem } from "./LoadProblem";

type Props<T> = {
  /** What the screen shows, once it is there (a query's field, not its whole data). */
  data: T | null | undefined;
  error: { message: string } | undefined;
  refetch: () => Promise<unknown>;
  /** What is read, as the failure text names it ('the facility dashboard'). */
  what: string;
  /** The spinner's words ('Loading the facility dashboard…'). */
  loadingLabel: string;
  children: (data: T) => ReactNode;
};

/**
 * A screen's data in its three states: shown once there, otherwise the load's problem with a button to
 * try again, otherwise a spinner.
 */
export function Loaded<T>({ data, error, refetch, what, loadingLabel, children }: Props<T>) {
  if (data) return children(data);
  if (error) {
    return <LoadProblem what={what} message={error.message} onRetry={() => void refetch().catch(() => undefined)} />;
  }
  return <LoadingState label={loadingLabel} />;
}
