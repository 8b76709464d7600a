import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { Button, NonIdealState } from '@blueprintjs/core';

export interface MicroAppErrorBoundaryProps {
  children?: ReactNode;
  /** single-spa passes the application name among its props. */
  name?: string;
  /** When this value changes (e.g. the pathname) a caught error is forgotten. */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  attempt: number;
}

/**
 * Catches render errors of a micro-app (or one of its views) and shows a Chinese error panel with a
 * 重试 button; retrying remounts the subtree under a new key, which repeats its requests.
 */
export class MicroAppErrorBoundary extends Component<MicroAppErrorBoundaryProps, State> {
  state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.name ?? 'flexpay'}] 页面渲染出错`, error, info.componentStack);
  }

  componentDidUpdate(prev: MicroAppErrorBoundaryProps): void {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.retry();
  }

  retry = (): void => {
    this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));
  };

  render(): ReactNode {
    const { error, attempt } = this.state;
    if (error) {
      return (
        <div role="alert" className="flexpay-app-error" style={{ padding: '48px 16px' }}>
          <NonIdealState
            icon="error"
            title="页面出错了"
            description={
              <>
                <p>页面渲染时发生错误，请重试；如果问题仍然存在，请刷新浏览器或联系平台运营。</p>
                {error.message ? <p className="bp6-text-muted bp6-text-small">{error.message}</p> : null}
              </>
            }
            action={<Button intent="primary" icon="refresh" text="重试" onClick={this.retry} />}
          />
        </div>
      );
    }
    return <Fragment key={attempt}>{this.props.children}</Fragment>;
  }
}
