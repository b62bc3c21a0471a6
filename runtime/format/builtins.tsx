// The formatters every definition can name in a column's "format", as registry entries.
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { dictLabel, loadDictionary, useDictionary } from '../data/dictionary';
import {
  type LookupSpec,
  loadLookup,
  lookupText,
  lookupTextByKey,
  useLookup,
  useLookupTextByKey,
} from '../data/lookup';
import { useLang, useRuntimeText } from '../i18n/label';
import { isFollowableLink } from '../page/url-scheme';
import { hasPermission, usePermission } from '../permissions';
import { type Formatter, formatter } from '../registry';
import type { Label } from '../schema/types';
import { formatMoney, type MoneyOptions } from './money';

export const builtinFormatters: Record<string, Formatter> = {};
const add = <Options extends Record<string, unknown>>(name: string, entry: Formatter<Options>) => {
  builtinFormatters[name] = formatter(entry);
};

export const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
/** An enumerated value that matches no entry: -1 is BladeX's empty number (contract §2), shown empty like "". */
const isUnset = (value: unknown) => isEmpty(value) || value === -1 || value === '-1';

add<MoneyOptions>('money', {
  Cell: ({ value, options }) => <>{formatMoney(value, options)}</>,
  text: (value, options) => formatMoney(value, options),
});

interface PercentOptions extends Record<string, unknown> {
  /** The whole the value is a part of: 10000 for a split share kept in ten-thousandths (1000 → 10%). */
  per?: number;
}

/**
 * A ratio as a percentage to 0.1% (`0.256` → 25.6%), as the dashboard's cards show it; a part of `per` to 0.01%,
 * the finest a share in ten-thousandths has (1 → 0.01%).
 */
const percentText = (value: unknown, options: PercentOptions = {}) => {
  if (isEmpty(value) || Number.isNaN(Number(value))) return '';
  // One decimal always, so a column of rates lines up (5.0%, not 5% under 4.8%).
  if (!options.per) return `${(Math.round(Number(value) * 1000) / 10).toFixed(1)}%`;
  return `${Math.round((Number(value) / options.per) * 10000) / 100}%`;
};

add<PercentOptions>('percent', {
  Cell: ({ value, options }) => <>{percentText(value, options)}</>,
  text: (value, options) => percentText(value, options),
});

interface DictOptions extends Record<string, unknown> {
  code: string;
  biz?: boolean;
  /** Values meaning "does not apply" (a menu's button place 0), shown empty rather than as a bare code. */
  empty?: (string | number)[];
}

const notApplicable = (value: unknown, options: DictOptions) =>
  isUnset(value) || (options.empty ?? []).some((empty) => String(empty) === String(value));

add<DictOptions>('dict', {
  Cell: ({ value, options }) => {
    const items = useDictionary(options.code, options.biz);
    return <>{dictLabel(items, value) ?? (notApplicable(value, options) ? '' : String(value))}</>;
  },
  text: async (value, options, { provider }) =>
    dictLabel(await loadDictionary(provider, options.code, options.biz), value) ??
    (notApplicable(value, options) ? '' : String(value)),
});

type LookupOptions = LookupSpec &
  Record<string, unknown> & {
    /** What an empty link means (a coupon for no site in particular is for every site). */
    empty?: Label;
  };

const lookupOrEmpty = (text: string, options: LookupOptions, lang: 'zh' | 'en') =>
  text === '' && options.empty ? label(options.empty, lang) : text;

function ListLookupCell({ value, options }: { value: unknown; options: LookupOptions }) {
  const items = useLookup(options);
  const lang = useLang();
  return items ? lookupOrEmpty(lookupText(items, value, lang), options, lang) : null;
}

function KeyLookupCell({ value, options }: { value: unknown; options: LookupOptions }) {
  const lang = useLang();
  return lookupOrEmpty(useLookupTextByKey(options, value, lang), options, lang);
}

/** The name of a linked row rather than its id: from the other list read once, or with `byKey` one row per key. */
add<LookupOptions>('lookup', {
  Cell: ({ value, options }) =>
    options.byKey ? (
      <KeyLookupCell value={value} options={options} />
    ) : (
      <ListLookupCell value={value} options={options} />
    ),
  text: async (value, options, { lang, provider }) =>
    lookupOrEmpty(
      options.byKey
        ? await lookupTextByKey(provider, options, value, lang)
        : lookupText(await loadLookup(provider, options), value, lang),
      options,
      lang,
    ),
});

const dateText = (pattern: string) => (value: unknown) =>
  isEmpty(value) ? '' : dayjs(String(value)).isValid() ? dayjs(String(value)).format(pattern) : String(value);

for (const [name, pattern] of [
  ['date', 'YYYY-MM-DD'],
  ['datetime', 'YYYY-MM-DD HH:mm:ss'],
] as const) {
  const text = dateText(pattern);
  add(name, { Cell: ({ value }) => <>{text(value)}</>, text });
}

interface EnumOptions extends Record<string, unknown> {
  values: Record<string, { label: Label; color?: string }>;
  other?: { label: Label; color?: string };
}

const label = (l: Label, lang: 'zh' | 'en') => ('key' in l ? l.key : l[lang]);

function EnumCell({ value, options }: { value: unknown; options: EnumOptions }) {
  const lang = useLang();
  const entry = options.values[String(value)] ?? (isUnset(value) ? undefined : options.other);
  if (!entry) return <>{isUnset(value) ? '' : String(value)}</>;
  // A long label (an abnormal refund's instructions) wraps inside its cell instead of running over the next ones.
  return (
    <Tag color={entry.color} style={{ whiteSpace: 'normal' }}>
      {label(entry.label, lang)}
    </Tag>
  );
}

add<EnumOptions>('enum', {
  Cell: EnumCell,
  text: (value, options, { lang }) => {
    const entry = options.values[String(value)] ?? (isUnset(value) ? undefined : options.other);
    return entry ? label(entry.label, lang) : isUnset(value) ? '' : String(value);
  },
});

interface SecretOptions extends Record<string, unknown> {
  /** The button code that may reveal the value; without it the value stays masked. */
  permission?: string;
}

const MASK = '••••••••';

/** A secret (a client's key) is masked; a person holding the permission can reveal it, one row at a time. */
function SecretCell({ value, options }: { value: unknown; options: SecretOptions }) {
  const t = useRuntimeText();
  const may = usePermission(options.permission);
  const [shown, setShown] = useState(false);
  if (isEmpty(value)) return null;
  return (
    <Space size={4}>
      <span>{shown ? String(value) : MASK}</span>
      {may && (
        <Button
          type="link"
          size="small"
          aria-label={t(shown ? 'conceal' : 'reveal')}
          icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setShown(!shown)}
        />
      )}
    </Space>
  );
}

add<SecretOptions>('secret', {
  Cell: SecretCell,
  text: (value, options) => (isEmpty(value) ? '' : hasPermission(options.permission) ? String(value) : MASK),
});

interface NumberOptions extends Record<string, unknown> {
  /** Written after the number (分钟, %). */
  unit?: Label;
}

const numberText = (value: unknown, options: NumberOptions, lang: 'zh' | 'en') =>
  isUnset(value) ? '' : options.unit ? `${String(value)} ${label(options.unit, lang)}` : String(value);

function NumberCell({ value, options }: { value: unknown; options: NumberOptions }) {
  return <>{numberText(value, options, useLang())}</>;
}

add<NumberOptions>('number', {
  Cell: NumberCell,
  text: (value, options, { lang }) => numberText(value, options, lang),
});

function BooleanCell({ value }: { value: unknown }) {
  const t = useRuntimeText();
  if (isEmpty(value)) return null;
  return <>{value === true || value === 1 || value === '1' || value === 'true' ? t('yes') : t('no')}</>;
}
add('boolean', { Cell: BooleanCell });

// antd's image preview is large: it loads when a list first shows an image.
const Image = lazy(() => import('antd/es/image'));

// A comma list of links (a fault report's pictures) shows each; each thumbnail opens its preview, named by its place.
function ImageCell({ value }: { value: unknown }) {
  const t = useRuntimeText();
  if (isEmpty(value)) return null;
  return (
    <Suspense fallback={null}>
      <Space size={4} wrap>
        {String(value)
          .split(',')
          .filter(Boolean)
          .map((link, index) => (
            <Image key={link} src={link} width={40} height={40} alt={t('picture', { number: index + 1 })} />
          ))}
      </Space>
    </Suspense>
  );
}
add('image', { Cell: ImageCell });

// A cell's link is data someone typed: one that is not http(s) or a path (`java\tscript:…`) shows as text only.
add('link', {
  Cell: ({ value }) =>
    isEmpty(value) ? null : isFollowableLink(String(value)) ? (
      <a href={String(value)} target="_blank" rel="noreferrer">
        {String(value)}
      </a>
    ) : (
      String(value)
    ),
});

interface TagOptions extends Record<string, unknown> {
  color?: string;
}
add<TagOptions>('tag', {
  Cell: ({ value, options }) => (isEmpty(value) ? null : <Tag color={options.color}>{String(value)}</Tag>),
});
