// A row of cards over one call's answer (`{ "orders": 1204, "income": 3456789 }`), one card per field, asked again
// whenever a list of the page reloads (and, with `followsList`, whenever its search changes). A field the answer gives as null is not for this person (the server leaves
// out what the caller may not see), so its card is left out; a missing one shows `-`. A card's definition (what it
// counts) sits behind an info mark beside its title. With `search` the block draws filters over its cards (a company,
// a site) and the page's other blocks that follow the list follow them.
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Flex, Statistic, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import useSWR from 'swr';
import { useProvider } from '../../config';
import { searchFieldsOf } from '../../crud/fields';
import { SearchBar } from '../../crud/SearchBar';
import { type Query, toQuery } from '../../data/provider';
import { useLabel, useLang } from '../../i18n/label';
import { computeValues } from '../../logic/evaluate';
import { LaterAlert } from '../../page/LaterAlert';
import type { Logic, Row, StatCard, StatsBlock as StatsSpec } from '../../schema/types';
import { Definition } from '../Definition';
import { fieldOf, formatFigure } from '../figures';
import { usePageReload } from '../reload';

/** The address of a card's list, its search computed from the answer (today's date for today's orders), and
 * narrowed as the cards are by the page's filters (a site, a company), which the lists name alike. */
export function linkOf(card: StatCard, data: unknown, filters: Query = {}): string | undefined {
  if (!card.link) return undefined;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({
    ...filters,
    ...computeValues(card.link.query as Record<string, Logic>, (data ?? {}) as Row),
  })) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${card.link.path}?${text}` : card.link.path;
}

/** Opens a path in the console's own router, which follows the browser's history (back returns to the card). */
function go(path: string): void {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** The server answers null for what the caller may not see, for a figure or for its whole group (`equipment`). */
function leftOut(data: unknown, field: string): boolean {
  let value: unknown = data;
  for (const part of field.split('.')) {
    if (value === null) return true;
    if (typeof value !== 'object') return false;
    value = (value as Record<string, unknown>)[part];
  }
  return value === null;
}

/** Up or down on the compared value; nothing when either is missing or they are equal. */
function trend(now: unknown, before: unknown): 'up' | 'down' | undefined {
  if (now === null || now === undefined || before === null || before === undefined) return undefined;
  const difference = Number(now) - Number(before);
  if (Number.isNaN(difference) || difference === 0) return undefined;
  return difference > 0 ? 'up' : 'down';
}

function Compared({ card, data }: { card: StatCard; data: unknown }) {
  const label = useLabel();
  const lang = useLang();
  // The theme's secondary text colour on a plain span: antd's Typography (7 KB gzipped) for one line of text would
  // weigh on every screen with cards.
  const { token } = theme.useToken();
  if (!card.compare) return null;
  const before = fieldOf(data, card.compare.field);
  const direction = trend(fieldOf(data, card.field), before);
  return (
    <span style={{ color: token.colorTextSecondary }}>
      {label(card.compare.label)} {card.format === 'money' ? '¥' : ''}
      {formatFigure(before, card.format, lang)} {direction === 'up' && <ArrowUpOutlined aria-label="up" />}
      {direction === 'down' && <ArrowDownOutlined aria-label="down" />}
    </span>
  );
}

/**
 * A figure stays on one line: six cards share 1366 px, where ¥685,438.00 at the usual size would wrap its digits
 * under the ¥. Longer figures are drawn smaller instead.
 */
function figureStyle(figure: string): CSSProperties {
  const size = figure.length > 12 ? 18 : figure.length > 9 ? 20 : undefined;
  return { whiteSpace: 'nowrap', fontSize: size };
}

/** A card that opens a list is a link for the mouse and the keyboard alike (Enter). */
function CardFrame({ link, style, children }: { link?: string; style: CSSProperties; children: ReactNode }) {
  if (!link)
    return (
      <section className="stat-card" style={style}>
        {children}
      </section>
    );
  // A real link: Enter opens it, and so does a middle click in a new tab; a plain click moves inside the console.
  return (
    <a
      className="stat-card"
      href={link}
      style={{ ...style, color: 'inherit' }}
      onClick={(event) => {
        event.preventDefault();
        go(link);
      }}
    >
      {children}
    </a>
  );
}

/** The block's own filters: every column given is a search entry (a lookup of companies, of sites). */
function Filters({ columns }: { columns: NonNullable<StatsSpec['search']> }) {
  const { searched } = usePageReload();
  const fields = searchFieldsOf(columns.map((column) => ({ ...column, search: column.search ?? true })));
  return <SearchBar fields={fields} onSearch={(values) => searched(toQuery(fields, values))} />;
}

export function StatsBlock({ block }: { block: StatsSpec }) {
  const label = useLabel();
  const lang = useLang();
  const { count, search } = usePageReload();
  const provider = useProvider();
  const { token } = theme.useToken();
  const params = block.followsList || block.search ? { ...search, ...block.params } : block.params;
  const { data, error, isLoading } = useSWR<unknown, Error>(
    ['stats', block.api, params, count],
    () => provider.read(block.api, params),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  const filters = block.search ? <Filters columns={block.search} /> : null;
  if (error)
    return (
      <>
        {filters}
        <LaterAlert type="error" showIcon title={error.message} />
      </>
    );
  const cards = block.cards.filter((card) => isLoading || !leftOut(data, card.field));
  if (cards.length === 0) return filters;
  // A card drawn as antd's small card looks, without its Card: that component brings antd's tabs (about 11 KB
  // gzipped) to every screen with figures, for a tab list a figure never has.
  const frame: CSSProperties = {
    flex: '1 1 160px',
    padding: `${token.paddingSM}px ${token.padding}px`,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    background: token.colorBgContainer,
  };
  return (
    <>
      {filters}
      <Flex gap="middle" wrap>
        {cards.map((card) => {
          const link = isLoading ? undefined : linkOf(card, data, block.search || block.followsList ? search : {});
          const figure = formatFigure(fieldOf(data, card.field), card.format, lang);
          return (
            <CardFrame key={card.field} link={link} style={frame}>
              <Statistic
                loading={isLoading}
                title={
                  <>
                    {label(card.label)}
                    <Definition of={card.label} text={card.definition} />
                  </>
                }
                prefix={card.format === 'money' ? '¥' : undefined}
                value={figure}
                formatter={(text) => text}
                styles={{ content: figureStyle(figure) }}
              />
              <Compared card={card} data={data} />
            </CardFrame>
          );
        })}
      </Flex>
    </>
  );
}
