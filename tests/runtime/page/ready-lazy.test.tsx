// A lazily loaded part whose code is already here is drawn in the same drawing, with no spinner first: React's own
// `lazy` shows the spinner for a turn even then, and holds the screen back up to 300 ms behind it.
import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { readyLazy } from '../../../runtime/page/ready-lazy';

const Part = ({ name }: { name: string }) => <p>{name} drawn</p>;
const load = () => Promise.resolve({ default: Part });

function drawn(Component: React.ComponentType<{ name: string }>) {
  render(
    <Suspense fallback={<p>loading</p>}>
      <Component name="screen" />
    </Suspense>,
  );
}

describe('readyLazy', () => {
  it('draws a prepared part at once, never its spinner', async () => {
    const part = readyLazy(load);
    await part.prepare();
    drawn(part.Component);
    expect(screen.getByText('screen drawn')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows the spinner for a part not yet loaded, then the part, as lazy does', async () => {
    const part = readyLazy(load);
    drawn(part.Component);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('screen drawn')).toBeTruthy();
  });

  it('is premised on lazy itself showing the spinner though the code is here', async () => {
    const Lazy = lazy(load);
    await load();
    drawn(Lazy);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => undefined);
    expect(screen.getByText('screen drawn')).toBeTruthy();
  });
});
