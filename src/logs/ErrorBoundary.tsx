// Keeps the shell alive when a view throws while rendering: the error is logged and the view offers a reload.
import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../errors/chunk-load';
import { errorLog } from './error-log';

function Fallback({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  if (isChunkLoadError(error)) {
    return (
      <Result
        status="warning"
        title={t('chunk.title')}
        subTitle={t('chunk.hint')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('chunk.reload')}
          </Button>
        }
      />
    );
  }
  return (
    <Result
      status="error"
      title={t('render.title')}
      subTitle={error.message}
      extra={<Button onClick={onRetry}>{t('render.retry')}</Button>}
    />
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
