// The draft drawn by the real runtime against the real API. Reads go through; a button's call (and any call that
// is not a read) is not sent: the person is told which call it would have been.

import { guardCalls } from '@ride-console/runtime/shell';
import {
  DefinitionError,
  DefinitionScreen,
  ExtendsError,
  loadPreviewValidators,
  resolveFromFiles,
} from '@ride-console/runtime/studio';
import { Alert, Flex } from 'antd';
import { useEffect, useState } from 'react';
import { studioApi } from './api';
import { useStudioText } from './texts';

/**
 * A process's form (a list with a form and no call, docs/workflow.md) is no screen: it opens when a process starts or
 * a step is done, so the preview says so instead of drawing a list with nothing to read.
 */
const isProcessForm = (definition: unknown) =>
  ((definition as { blocks?: Array<{ type?: string; api?: unknown }> } | undefined)?.blocks ?? []).some(
    (block) => block.type === 'list' && !block.api,
  );

/** The studio's own calls (saving, publishing) are not the preview's. */
const STUDIO_CALLS = '/api/blade-system/studio/';

export function Preview({ definition, pageId, file }: { definition: unknown; pageId: string; file: string }) {
  const t = useStudioText();
  const [resolved, setResolved] = useState<{ definition?: unknown; error?: ExtendsError }>({});

  useEffect(() => {
    guardCalls((options) => {
      const method = options.method ?? 'GET';
      if (options.url.startsWith(STUDIO_CALLS) || (method === 'GET' && !options.acts)) return undefined;
      return t('wouldCall', { call: `${method} ${options.url}` });
    });
    return () => guardCalls(undefined);
  }, [t]);

  useEffect(() => {
    let current = true;
    // The draft's forms compiled on the server, so the preview checks them as the published page will; drawn
    // without them when they cannot be had (the publish names a field ajv cannot compile).
    const validators = studioApi
      .previewValidators(pageId, definition)
      .then(({ url }) => loadPreviewValidators(url))
      .catch(() => undefined);
    Promise.all([resolveFromFiles(definition, pageId), validators]).then(
      ([whole]) => current && setResolved({ definition: whole }),
      (error: unknown) => current && error instanceof ExtendsError && setResolved({ error }),
    );
    return () => {
      current = false;
    };
  }, [definition, pageId]);

  return (
    <Flex vertical gap="small" data-testid="studio-preview">
      <Alert type="info" showIcon title={t('previewNote')} />
      {resolved.error ? (
        <DefinitionError
          file={resolved.error.file}
          problems={[{ path: resolved.error.path, message: resolved.error.message, zh: resolved.error.zh }]}
        />
      ) : isProcessForm(resolved.definition) ? (
        <Alert type="info" title={t('processFormPreview')} data-testid="studio-process-form" />
      ) : resolved.definition ? (
        <DefinitionScreen definition={resolved.definition} file={file} />
      ) : null}
    </Flex>
  );
}
