// A part whose code loads when it is first needed, and is drawn at once when that code is already here. React's `lazy`
// waits a turn even for a module loaded long ago, and then holds back what follows its spinner until 300 ms after the
// spinner appeared (its fallback throttle): on a reload with the build cached, most of the wait before a screen's rows.
import { type ComponentType, lazy, useState } from 'react';

export interface ReadyLazy<P extends object> {
  Component: ComponentType<P>;
  /**
   * Starts loading; settles once the load has, a failure being the part's to show when drawn. Once loaded, the part
   * is drawn without waiting.
   */
  prepare: () => Promise<void>;
}

export function readyLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ReadyLazy<P> {
  let loaded: ComponentType<P> | undefined;
  const settle = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(settle);
  function Ready(props: P) {
    // Chosen once where it is drawn: a lazy one swapped for the module later would start the part over.
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  const prepare = () =>
    settle().then(
      () => undefined,
      () => undefined,
    );
  return { Component: Ready, prepare };
}
