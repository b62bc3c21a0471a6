// Keeps the shell alive when a view throws while rendering: the error is logged and the view offers a reload.

import { useTranslation } from '@ride-console/runtime/shell';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from '../errors/chunk-load';
import { errorLog } from './error-log';

/** Plain markup: the boundary also wraps the sign-in page, which loads no antd. */
function Fallback({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  const chunk = isChunkLoadError(error);
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h3>{chunk ? t('chunk.title') : t('render.title')}</h3>
      <p>{chunk ? t('chunk.hint') : error.message}</p>
      {chunk ? (
        <button type="button" className="plain-button plain-button-primary" onClick={() => window.location.reload()}>
          {t('chunk.reload')}
        </button>
      ) : (
        <button type="button" className="plain-button" onClick={onRetry}>
          {t('render.retry')}
        </button>
      )}
    </div>
  );
}

interface Props {
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error?: Error }> {
  state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    errorLog.record('render', error, info.componentStack ?? '');
  }

  render() {
    if (this.state.error)
      return <Fallback error={this.state.error} onRetry={() => this.setState({ error: undefined })} />;
    return this.props.children;
  }
}
