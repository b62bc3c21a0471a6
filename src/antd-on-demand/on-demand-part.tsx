// A component antd imports for a case the console rarely draws: its code loads when it is first drawn, and nothing
// stands in its place until then (the stand-ins of scripts/antd-on-demand.ts).
import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: any component antd draws, with its own props.
export function onDemandPart<Part extends ComponentType<any>>(load: () => Promise<{ default: Part }>): Part {
  const Real = lazy(load);
  function OnDemand(props: ComponentProps<Part>) {
    return (
      <Suspense fallback={null}>
        <Real {...props} />
      </Suspense>
    );
  }
  return OnDemand as unknown as Part;
}
