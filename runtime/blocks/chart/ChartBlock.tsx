// A line, bar or pie chart of the rows one call answers. echarts loads when the first chart is drawn.
import { Card, Flex, Spin, theme } from 'antd';
import type { ECharts } from 'echarts/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { useRuntime } from '../../config';
import type { DataProvider } from '../../data/provider';
import { formatterOf } from '../../format/Cell';
import { useLabel, useLang } from '../../i18n/label';
import { LaterAlert } from '../../page/LaterAlert';
import type { Registry } from '../../registry';
import type { ChartBlock as ChartSpec, Row } from '../../schema/types';
import { Definition } from '../Definition';
import { fieldOf } from '../figures';
import { usePageReload } from '../reload';
import { type ChartColours, chartOption } from './option';

/** The category of each row as people read it: through the category's formatter (a dictionary label) when it has one. */
async function categoryTexts(
  block: ChartSpec,
  rows: Row[],
  lang: 'zh' | 'en',
  registry: Registry,
  provider: DataProvider,
): Promise<string[]> {
  const found = formatterOf(block.category.format, registry);
  return Promise.all(
    rows.map(async (row) => {
      const value = fieldOf(row, block.category.field);
      if (found?.formatter.text) return found.formatter.text(value, found.options, { lang, provider });
      return value === undefined || value === null ? '' : String(value);
    }),
  );
}

export function ChartBlock({ block }: { block: ChartSpec }) {
  const label = useLabel();
  const lang = useLang();
  const { registry, provider } = useRuntime();
  const { token } = theme.useToken();
  const colours = useMemo<ChartColours>(
    () => ({
      text: token.colorText,
      secondary: token.colorTextSecondary,
      line: token.colorBorderSecondary,
      tooltip: token.colorBgElevated,
      area: token.colorFillSecondary,
      point: token.colorPrimary,
    }),
    [
      token.colorText,
      token.colorTextSecondary,
      token.colorBorderSecondary,
      token.colorBgElevated,
      token.colorFillSecondary,
      token.colorPrimary,
    ],
  );
  const holder = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts>();
  const [categories, setCategories] = useState<string[]>();
  const { search } = usePageReload();
  const params = block.followsList ? { ...search, ...block.params } : block.params;
  const { data, error } = useSWR(['chart', block.api, params], () => provider.list(block.api, params ?? {}), {
    revalidateOnFocus: false,
  });
  const rows = data?.rows;

  useEffect(() => {
    let live = true;
    let made: ECharts | undefined;
    const observer = new ResizeObserver(() => made?.resize());
    // A map also needs the outlines of China, which only map charts download.
    void Promise.all([import('./echarts'), block.kind === 'map' ? import('./china') : undefined]).then(([{ init }]) => {
      if (!live || !holder.current) return;
      made = init(holder.current, undefined, { renderer: 'svg' });
      observer.observe(holder.current);
      setChart(made);
    });
    return () => {
      live = false;
      observer.disconnect();
      made?.dispose();
    };
  }, [block.kind]);

  useEffect(() => {
    if (!rows) return;
    let live = true;
    void categoryTexts(block, rows, lang, registry, provider).then((texts) => live && setCategories(texts));
    return () => {
      live = false;
    };
  }, [block, rows, lang, registry, provider]);

  useEffect(() => {
    if (chart && rows && categories) chart.setOption(chartOption(block, rows, categories, label, lang, colours), true);
  }, [chart, block, rows, categories, label, lang, colours]);

  return (
    <Card
      title={
        block.title ? (
          <>
            {label(block.title)}
            <Definition of={block.title} text={block.definition} />
          </>
        ) : undefined
      }
      size="small"
    >
      {error && <LaterAlert type="error" showIcon title={error.message} />}
      <Spin spinning={!error && !(chart && categories)}>
        <div ref={holder} style={{ height: block.height ?? 320 }} />
      </Spin>
      <SeriesDefinitions block={block} colour={token.colorTextSecondary} />
    </Card>
  );
}

/**
 * The series' names with what each counts, under the chart: the legend is drawn by echarts, which offers neither a
 * hover nor a keyboard stop of the page's own, so the marks sit in a line of their own.
 */
function SeriesDefinitions({ block, colour }: { block: ChartSpec; colour: string }) {
  const label = useLabel();
  const explained = block.series.filter((series) => series.definition);
  if (explained.length === 0) return null;
  return (
    <Flex component="ul" wrap gap="middle" style={{ margin: 0, padding: 0, listStyle: 'none', color: colour }}>
      {explained.map((series) => (
        <li key={series.field}>
          {label(series.label)}
          <Definition of={series.label} text={series.definition} />
        </li>
      ))}
    </Flex>
  );
}
