// Renders pages/<pageId>.json through the runtime, or the error panel when the definition is invalid.
import { App, Flex, Spin } from 'antd';
import useSWR from 'swr';
import '../builtins';
import { ChartBlock } from '../blocks/chart/ChartBlock';
import { StatsBlock } from '../blocks/stats/StatsBlock';
import { TabsBlock } from '../blocks/tabs/TabsBlock';
import { ViewBlock } from '../blocks/view/ViewBlock';
import { CrudPage } from '../crud/CrudPage';
import { useRuntimeText } from '../i18n/label';
import type { Block, Label, PageDefinition } from '../schema/types';
import { validateDefinition } from '../schema/validate';
import { DefinitionError } from './DefinitionError';
import { definitionFile, loadDefinition } from './definitions';

/** Renders an already loaded definition (also used by tests and custom views). */
export function DefinitionScreen({ definition, file }: { definition: unknown; file: string }) {
  const problems = validateDefinition(definition);
  if (problems.length) return <DefinitionError file={file} problems={problems} />;
  const page = definition as PageDefinition;
  return (
    <App>
      <Flex key={page.id} vertical gap="middle">
        {page.blocks.map((block, index) => (
          <BlockView key={`${block.type}-${index}`} page={page} block={block} index={index} />
        ))}
      </Flex>
    </App>
  );
}

/** The first block keeps the page's id, so what people chose for its list (columns, page size) survives more blocks. */
function BlockView({ page, block, index }: { page: PageDefinition; block: Block; index: number }) {
  return renderBlock(block, index === 0 ? page.id : `${page.id}#${index}`, page.title);
}

/** `id` keys what people choose in a list (column settings); `title` names its exports and dialogs. */
function renderBlock(block: Block, id: string, title: Label): React.ReactNode {
  switch (block.type) {
    case 'list': {
      const { type: _type, ...list } = block;
      return <CrudPage page={{ ...list, id, title }} />;
    }
    case 'stats':
      return <StatsBlock block={block} />;
    case 'view':
      return <ViewBlock block={block} id={id} />;
    case 'tabs':
      return <TabsBlock block={block} id={id} renderBlock={(child, childId) => renderBlock(child, childId, title)} />;
    case 'chart':
      return <ChartBlock block={block} />;
  }
}

export default function DefinitionPage({ pageId }: { pageId: string }) {
  const t = useRuntimeText();
  const file = definitionFile(pageId);
  const { data, error, isLoading } = useSWR(['definition', pageId], () => loadDefinition(pageId), {
    revalidateOnFocus: false,
  });
  let content: React.ReactNode;
  if (isLoading) content = <Spin />;
  else if (error)
    content = <DefinitionError file={file} problems={[{ path: '/', message: String(error), zh: String(error) }]} />;
  else if (data === undefined)
    content = (
      <DefinitionError
        file={file}
        problems={[{ path: '/', message: t('definitionMissing'), zh: t('definitionMissing') }]}
      />
    );
  else content = <DefinitionScreen definition={data} file={file} />;
  return content;
}
