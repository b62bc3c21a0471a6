// Renders pages/<pageId>.json through the runtime, or the error panel when the definition is invalid.
import { App, Flex, Spin } from 'antd';
import useSWR from 'swr';
import { builtins } from '../builtins';
import { useRuntime } from '../config';
import { CrudPage } from '../crud/CrudPage';
import { useRuntimeText } from '../i18n/label';
import { registry } from '../registry';
import type { Block, PageDefinition } from '../schema/types';
import { validateDefinition } from '../schema/validate';
import { DefinitionError } from './DefinitionError';
import { definitionFile, loadDefinition } from './definitions';
import { ExtendsError } from './extends';

// The console's registry takes the runtime's own formatters, widgets and actions with the first screen.
registry.add(builtins);

/** Renders an already loaded definition (also used by tests and custom views). */
export function DefinitionScreen({ definition, file }: { definition: unknown; file: string }) {
  const problems = validateDefinition(definition, useRuntime().registry);
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

function BlockView({ page, block, index }: { page: PageDefinition; block: Block; index: number }) {
  const { type: _type, ...list } = block;
  // The first list keeps the page's id, so what people chose for it (columns, page size) survives more blocks.
  const id = index === 0 ? page.id : `${page.id}#${index}`;
  return <CrudPage page={{ ...list, id, title: page.title }} />;
}

export default function DefinitionPage({ pageId }: { pageId: string }) {
  const t = useRuntimeText();
  const file = definitionFile(pageId);
  const { data, error, isLoading } = useSWR(['definition', pageId], () => loadDefinition(pageId), {
    revalidateOnFocus: false,
  });
  let content: React.ReactNode;
  if (isLoading) content = <Spin />;
  else if (error instanceof ExtendsError)
    content = (
      <DefinitionError file={error.file} problems={[{ path: error.path, message: error.message, zh: error.zh }]} />
    );
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
