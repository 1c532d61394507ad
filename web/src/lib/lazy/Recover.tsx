import { Component, type ReactNode } from 'react';

export interface RecoverProps {
  children?: ReactNode;
  /** What shows instead of the part that failed; `retry` tries it again. */
  fallback: (retry: () => void) => ReactNode;
  /** Starts failed (a screen whose code would not load). */
  failed?: boolean;
  /** How to try again; without it, the children are simply rendered again. */
  onRetry?: () => void;
}

/**
 * An error boundary that recovers (docs/decisions/0032-losing-the-network.md): a render error below it,
 * or a chunk that would not load, shows the fallback instead of blanking the whole app, and it tries
 * again by itself when the browser comes back online.
 */
export class Recover extends Component<RecoverProps, { failed: boolean }> {
  override state = { failed: this.props.failed ?? false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  retry = () => (this.props.onRetry ? this.props.onRetry() : this.setState({ failed: false }));

  private online = () => {
    if (this.state.failed) this.retry();
  };

  override componentDidMount() {
    addEventListener('online', this.online);
  }

  override componentWillUnmount() {
    removeEventListener('online', this.online);
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
