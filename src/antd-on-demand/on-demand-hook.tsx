// One of antd App's hooks (message, notification, modal) whose code loads at its first call. Until then the App holds
// an api that keeps the calls and a holder that draws nothing; the first call draws the real hook's holder, which
// then takes the kept calls in order. What a call returns (a closing function that is also a promise, a dialog's
// destroy and update) works the same before and after the load.
import { lazy, type ReactElement, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';

type Method = (...args: unknown[]) => unknown;
type Api = Record<string, Method>;
type Hook<Config, RealApi> = (config?: Config) => readonly [RealApi, ReactElement];

/** What a call returned before the real api was there: it closes, updates and settles as the real result will. */
interface Pending {
  (): void;
  then: Promise<unknown>['then'];
  destroy: () => void;
  update: (config: unknown) => void;
}

/** The real result's way to close: a message's closing function, a dialog's destroy. */
function close(result: unknown): void {
  if (typeof result === 'function') result();
  else (result as { destroy?: () => void } | undefined)?.destroy?.();
}

export function onDemandHook<Config, RealApi>(
  load: () => Promise<{ default: Hook<Config, RealApi> }>,
  methods: ReadonlyArray<keyof RealApi & string>,
): Hook<Config, RealApi> {
  const Holder = lazy(async () => {
    const { default: useReal } = await load();
    function RealHolder({ config, onApi }: { config?: Config; onApi: (api: Api) => void }) {
      const [api, holder] = useReal(config);
      // After the holder is in place: antd's api ignores calls made before it.
      useEffect(() => onApi(api as Api), [api, onApi]);
      return holder;
    }
    return { default: RealHolder };
  });

  function useOnDemand(config?: Config) {
    const [wanted, setWanted] = useState(false);
    const real = useRef<Api | undefined>(undefined);
    const kept = useRef<Array<(api: Api) => void>>([]);

    const onApi = useCallback((api: Api) => {
      real.current = api;
      for (const call of kept.current.splice(0)) call(api);
    }, []);

    const api = useMemo(
      () =>
        Object.fromEntries(
          methods.map((method) => [
            method,
            (...args: unknown[]) => {
              if (real.current) return real.current[method](...args);
              setWanted(true);
              return keep(method, args);
            },
          ]),
        ),
      [],
    );

    function keep(method: string, args: unknown[]): Pending {
      let closed = false;
      let result: unknown;
      const updates: unknown[] = [];
      const settled = new Promise((resolve) => {
        kept.current.push((api) => {
          if (closed) return resolve(false);
          result = api[method](...args);
          for (const update of updates) (result as Pending).update(update);
          // A thenable result (a message, a confirm) settles this promise when it does.
          resolve(result);
        });
      });
      const closeIt = () => {
        if (result === undefined) closed = true;
        else close(result);
      };
      return Object.assign(closeIt, {
        // biome-ignore lint/suspicious/noThenProperty: antd's message and confirm results are awaited by their callers.
        then: settled.then.bind(settled),
        destroy: closeIt,
        update: (update: unknown) => (result === undefined ? updates.push(update) : (result as Pending).update(update)),
      });
    }

    const holder = <Suspense fallback={null}>{wanted ? <Holder config={config} onApi={onApi} /> : null}</Suspense>;
    return [api, holder] as const;
  }
  return useOnDemand as unknown as Hook<Config, RealApi>;
}
