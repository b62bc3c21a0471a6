// Spec §8: a screen whose script never arrives fails with ChunkLoadError after 120 s, and the boundary offers a reload.
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyView, withChunkTimeout } from '../../src/errors/chunk-load';
import { setUpI18n } from '../../src/i18n';
import { ErrorBoundary } from '../../src/logs/ErrorBoundary';
import { errorLog } from '../../src/logs/error-log';

afterEach(() => {
  vi.useRealTimers();
  errorLog.clear();
});

describe('chunk loading', () => {
  it('rejects with ChunkLoadError once 120 s pass without the script', async () => {
    vi.useFakeTimers();
    const loading = withChunkTimeout(() => new Promise<never>(() => {}));
    const outcome = loading.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadError);
  });

  it('shows a reload button instead of a dead screen, and logs the failure', async () => {
    setUpI18n();
    vi.useFakeTimers();
    const Never = lazyView(() => new Promise<never>(() => {}));
    render(
      <ErrorBoundary>
        <Suspense fallback={<p>loading</p>}>
          <Never />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
    });
    vi.useRealTimers();
    expect(await screen.findByText('页面加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    expect(errorLog.get()[0].type).toBe('render');
  });
});
