import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorFallback } from "./ErrorFallback";

type Props = {
  children: ReactNode;
  /** When this changes (the route, say), a shown fallback gives way to the children again. */
  resetKey?: unknown;
};

type State = { error: unknown; resetKey: unknown };

/** Catches render errors below it and shows the error fallback screen (spec section 2). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error("Unknown error") };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("The page failed to render.", error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}
