// Lazy views whose script never arrives fail after 120 s with a ChunkLoadError (spec §8), so the error boundary can
// offer a reload instead of a spinner that never ends.

import { isChunkLoadError, readyLazy } from '@ride-console/runtime/shell';
import type { ComponentType } from 'react';
import { settings } from '../config/settings';

export { isChunkLoadError };

export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs: number = settings.chunkTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error && isChunkLoadError(error) ? new ChunkLoadError(error.message) : error);
      },
    );
  });
}

/** A view whose code loads when first shown, drawn at once if it is already here (runtime/page/ready-lazy.tsx). */
export function lazyView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return readyLazy(() => withChunkTimeout(load)).Component;
}
