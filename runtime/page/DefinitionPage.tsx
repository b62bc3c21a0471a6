// Renders pages/<pageId>.json through the runtime, or the error panel when the definition is invalid.
import { App, Flex, Spin } from 'antd';
import { Component, lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { PageReloadContext } from '../blocks/reload';
import { useRuntime } from '../config';
import { CrudPage } from '../crud/CrudPage';
import { queryText } from '../data/list';
import type { Query } from '../data/provider';
import { PageLabelsProvider, useRuntimeText } from '../i18n/label';
import { usePermissionSet } from '../permissions';
import { listScreen } from '../schema/list-screen';
import type { Block, Label, PageDefinition } from '../schema/types';
import { isChunkLoadError } from './chunk-load';
import { definitionFile, loadDefinition } from './definitions';
import {
  type DefinitionLoad,
  type Drawable,
  drawableAhead,
  type Fallback,
  forgetAhead,
  problemsOf,
  readDrawable,
} from './drawable';
import { onPageEdited } from './edited';
import { ExtendsError } from './extends';
import { LaterAlert } from './LaterAlert';
import { reportUndrawable } from './published';

// Read before the screen is drawn, from the screen's own code (runtime/index.ts prepareScreen).
export { prepareDrawable } from './drawable';

// Blocks other than lists load with the first page that has one, so a list screen carries none of their weight.
// The error panel is for the analyst writing a definition; an operator's screen never loads it.
const DefinitionError = lazy(() => import('./DefinitionError').then((m) => ({ default: m.DefinitionError })));
const StatsBlock = lazy(() => import('../blocks/stats/StatsBlock').then((m) => ({ default: m.StatsBlock })));
const ViewBlock = lazy(() => import('../blocks/view/ViewBlock').then((m) => ({ default: m.ViewBlock })));
const TabsBlock = lazy(() => import('../blocks/tabs/TabsBlock').then((m) => ({ default: m.TabsBlock })));
const ChartBlock = lazy(() => import('../blocks/chart/ChartBlock').then((m) => ({ default: m.ChartBlock })));

/** Renders an already loaded definition (also used by tests and custom views). */
export function DefinitionScreen({ definition, file }: { definition: unknown; file: string }) {
  const problems = problemsOf(definition, useRuntime().registry);
  if (problems.length) return <DefinitionError file={file} problems={problems} />;
  const page = definition as PageDefinition;
  return (
    <App>
      <PageLabelsProvider pageId={page.id}>
        <PageBlocks key={page.id} page={page} />
      </PageLabelsProvider>
    </App>
  );
}

function PageBlocks({ page }: { page: PageDefinition }) {
  const [count, setCount] = useState(0);
  const [search, setSearch] = useState<Query>({});
  const reload = useMemo(
    () => ({
      count,
      listReloaded: () => setCount((c) => c + 1),
      search,
      searched: (next: Query) => setSearch((current) => (queryText(current) === queryText(next) ? current : next)),
    }),
    [count, search],
  );
  return (
    <PageReloadContext value={reload}>
      <Flex vertical gap="middle">
        {page.blocks.map((block, index) => (
          <BlockView key={`${block.type}-${index}`} page={page} block={block} index={index} />
        ))}
      </Flex>
    </PageReloadContext>
  );
}

/**
 * The page's first list keeps the page's id, so what people chose for it (columns, page size) survives blocks added
 * before or after it; other blocks are told apart by their place.
 */
function BlockView({ page, block, index }: { page: PageDefinition; block: Block; index: number }) {
  const firstList = page.blocks.findIndex((b) => b.type === 'list');
  return renderBlock(block, index === firstList ? page.id : `${page.id}#${index}`, page.title);
}

/** A block whose `permission` the person lacks is left out: it draws nothing and calls nothing. */
function Permitted({ block, children }: { block: Block; children: React.ReactNode }) {
  const allowed = usePermissionSet();
  return block.permission === undefined || allowed(block.permission) ? children : null;
}

/** `id` keys what people choose in a list (column settings); `title` names its exports and dialogs. */
function renderBlock(block: Block, id: string, title: Label): React.ReactNode {
  return <Permitted block={block}>{drawBlock(block, id, title)}</Permitted>;
}

function drawBlock(block: Block, id: string, title: Label): React.ReactNode {
  switch (block.type) {
    case 'list': {
      const list = listScreen(block, id, title);
      return list && <CrudPage page={list} />;
    }
    case 'stats':
      return (
        <Suspense fallback={<Spin />}>
          <StatsBlock block={block} />
        </Suspense>
      );
    case 'view':
      return (
        <Suspense fallback={<Spin />}>
          <ViewBlock block={block} id={id} />
        </Suspense>
      );
    case 'tabs':
      return (
        <Suspense fallback={<Spin />}>
          <TabsBlock block={block} id={id} renderBlock={(child, childId) => renderBlock(child, childId, title)} />
        </Suspense>
      );
    case 'chart':
      return (
        <Suspense fallback={<Spin />}>
          <ChartBlock block={block} />
        </Suspense>
      );
  }
}

export interface DefinitionPageProps {
  pageId: string;
  /**
   * Reads the definition with what it extends filled in: the console's pages/ unless given (tests, a second console).
   * It may tell `shipped` a definition it expects to answer before it is sure (the file, while the published version
   * is asked for), so the list's first call leaves sooner.
   */
  load?: DefinitionLoad;
  /** Shown when neither a file nor a published version exists (a menu path with no screen yet). */
  missing?: ReactNode;
}

/**
 * Asks for the definition again each time a kept screen is shown anew (its tab chosen again: React runs its effects
 * again then) after its first showing, and when the window regains focus while it is shown. The browser revalidates
 * the published version by its ETag, so an unchanged page costs a 304 and a published change is drawn without
 * reopening the tab. (SWR's own focus revalidation waits five seconds after a screen is shown: a publish seen on a
 * screen just opened would wait for the next focus.)
 */
function useRevalidateWhenShown(revalidate: () => unknown): void {
  const shown = useRef(false);
  const latest = useRef(revalidate);
  latest.current = revalidate;
  useEffect(() => {
    if (shown.current) latest.current();
    shown.current = true;
    const onFocus = () => latest.current();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);
}

/**
 * Draws a published version, or reports a version that throws while drawn (`onFailed`) instead of leaving the screen
 * blank: the page then asks for the version before it. A script that did not arrive is no fault of the version: it
 * goes on to the console's own boundary, which offers a reload.
 */
class ReportingBoundary extends Component<
  { onFailed: (error: Error) => void; children: ReactNode },
  { error?: Error }
> {
  state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error): void {
    if (!isChunkLoadError(error)) this.props.onFailed(error);
  }

  render() {
    const { error } = this.state;
    if (error && isChunkLoadError(error)) throw error;
    return error ? <Spin /> : this.props.children;
  }
}

/** The notice above a screen drawn in place of a published version that cannot be drawn. */
function ReplacedNotice({ replaced, version }: { replaced: number; version?: number }) {
  const t = useRuntimeText();
  return (
    <LaterAlert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={
        version
          ? t('definitionReplaced', { version: replaced, shown: version })
          : t('definitionReplacedByFile', { version: replaced })
      }
    />
  );
}

export default function DefinitionPage({ pageId, load = loadDefinition, missing }: DefinitionPageProps) {
  const t = useRuntimeText();
  const runtime = useRuntime();
  const file = definitionFile(pageId);
  // A screen drawn from a kept definition asks for its rows itself as it opens; only a first load sends them ahead.
  const drawn = useRef(false);
  const [fallback, setFallback] = useState<Fallback>();
  // A reload reads the definition before the console's first drawing: that drawing holds the screen, not a spinner.
  // A version below one that failed to draw is always read anew.
  const [read] = useState(() => (load === loadDefinition ? drawableAhead(pageId) : undefined));
  const ahead = fallback === undefined ? read : undefined;
  useEffect(() => forgetAhead(pageId), [pageId]);
  const { data, error, isLoading, mutate } = useSWR(
    ['definition', pageId, fallback?.below],
    (): Promise<Drawable> =>
      readDrawable(pageId, { load, runtime, fallback, opening: !drawn.current && fallback === undefined }),
    { revalidateOnFocus: false, fallbackData: ahead, revalidateOnMount: ahead ? false : undefined },
  );
  drawn.current = data !== undefined;
  useRevalidateWhenShown(mutate);
  // A page file edited under `npm run dev` (its own or one it extends) is drawn in place, the screen's state kept.
  useEffect(() => onPageEdited(() => void mutate()), [mutate]);
  const definition = data?.definition;
  let content: React.ReactNode;
  if (isLoading) content = <Spin />;
  else if (error instanceof ExtendsError)
    content = (
      <DefinitionError file={error.file} problems={[{ path: error.path, message: error.message, zh: error.zh }]} />
    );
  else if (error)
    content = <DefinitionError file={file} problems={[{ path: '/', message: String(error), zh: String(error) }]} />;
  else if (definition === undefined && missing !== undefined) content = missing;
  else if (definition === undefined)
    content = (
      <DefinitionError
        file={file}
        problems={[{ path: '/', message: t('definitionMissing'), zh: t('definitionMissing') }]}
      />
    );
  else if (data?.version) {
    const version = data.version;
    const failed = (thrown: Error) => {
      reportUndrawable(pageId, version, { path: '/', message: thrown.message, zh: thrown.message });
      setFallback({ below: version, replaced: data.replaced ?? version });
    };
    content = (
      <ReportingBoundary key={version} onFailed={failed}>
        <DefinitionScreen definition={definition} file={file} />
      </ReportingBoundary>
    );
  } else content = <DefinitionScreen definition={definition} file={file} />;
  if (data?.replaced === undefined || isLoading || error) return content;
  return (
    <>
      <ReplacedNotice replaced={data.replaced} version={data.version} />
      {content}
    </>
  );
}
