// The icon of a menu entry. Its `source` is a class list (a BladeX client's CSS classes): the antd name in it is drawn,
// else the antd icon standing for a known element-ui class. The icons the seeded menus use come in one small chunk per
// sidebar group (the areas, trade, system, ...), loaded when an entry of the group first draws: a screen carries the
// icons its sidebar shows, not all seventy, and in two or three files rather than one per icon (a file per icon cost
// three times the bytes once gzipped); any other name an admin picks loads the whole icon set once. A set holds every
// icon its group's entries use, so opening a group loads one set, not also the sets of the icons it shares.
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import { type ComponentType, type CSSProperties, createElement, useEffect, useState } from 'react';
import { ANTD_FOR_ELEMENT } from './element-icons';
import { ICON_SET_NAMES } from './icon-set-names';

type IconProps = { className?: string; style?: CSSProperties };
type Icon = ComponentType<IconProps>;
type IconSet = Record<string, Icon | undefined>;

const loaders = import.meta.glob<IconSet>('./icon-sets/*.ts');

/** The icons the seeded menus use, by the sidebar group whose set (one chunk: src/menu/icon-sets/) holds them. */
export const ICON_SETS: Record<string, { names: string[]; load: () => Promise<IconSet> }> = Object.fromEntries(
  Object.entries(ICON_SET_NAMES).map(([group, names]) => [group, { names, load: loaders[`./icon-sets/${group}.ts`] }]),
);

type IconSetEntry = (typeof ICON_SETS)[string];

/** The sets naming each icon: one a group's entries share sits in each of their groups' sets. */
const setsOf = new Map<string, IconSetEntry[]>();
for (const set of Object.values(ICON_SETS))
  for (const name of set.names) setsOf.set(name, [...(setsOf.get(name) ?? []), set]);

/** Sets already asked for: a group draws its entries in order, so a shared icon comes with the set its group asked. */
const asked = new Set<IconSetEntry>();

function setFor(name: string): IconSetEntry | undefined {
  const sets = setsOf.get(name) ?? [];
  const set = sets.find((each) => asked.has(each)) ?? sets[0];
  if (set) asked.add(set);
  return set;
}

let allIcons: Promise<IconSet> | undefined;
const loadAllIcons = (): Promise<IconSet> => {
  allIcons ??= import('./all-icons').then((module) => module.default as unknown as IconSet);
  return allIcons;
};

/** Icons already loaded, drawn at once by every later entry; a name that stays unknown is kept as undefined. */
const loaded = new Map<string, Icon | undefined>();
const loading = new Map<string, Promise<Icon | undefined>>();

function loadIcon(name: string): Promise<Icon | undefined> {
  let pending = loading.get(name);
  if (!pending) {
    const set = setFor(name);
    pending = (set ? set.load() : loadAllIcons())
      .then((icons) => icons[name])
      .then(
        (icon) => {
          loaded.set(name, icon);
          return icon;
        },
        // A failed chunk load keeps the fallback icon (and is tried again next time); the menu itself still works.
        () => {
          loading.delete(name);
          return undefined;
        },
      );
    loading.set(name, pending);
  }
  return pending;
}

const isIconName = (name: string): boolean => /^[A-Z][A-Za-z]*(Outlined|Filled|TwoTone)$/.test(name);

/** The antd icon name a `source` stands for: its own antd name, else the one of its first known element-ui class. */
export function antdIconName(source: string | undefined): string | undefined {
  const classes = (source ?? '').split(/\s+/).filter(Boolean);
  return classes.find(isIconName) ?? classes.map((name) => ANTD_FOR_ELEMENT[name]).find(Boolean);
}

/**
 * The icon named `name`, `AppstoreOutlined` when the name is unknown. Until its chunk arrives an empty space of the
 * icon's size stands in, so the entry neither jumps nor flashes a wrong icon. The menu passes its icon class name
 * through.
 */
export function MenuIcon({ name: source, ...props }: IconProps & { name?: string }) {
  const name = antdIconName(source);
  const [icon, setIcon] = useState<{ name?: string; Icon?: Icon }>({});

  useEffect(() => {
    if (!name || loaded.has(name)) return;
    let live = true;
    loadIcon(name).then((Icon) => {
      if (live) setIcon({ name, Icon });
    });
    return () => {
      live = false;
    };
  }, [name]);

  if (!name) return createElement(AppstoreOutlined, props);
  const ready = loaded.has(name) ? loaded.get(name) : icon.name === name ? icon.Icon : null;
  if (ready === null) {
    return (
      <span className={`anticon ${props.className ?? ''}`} style={{ width: '1em', height: '1em', ...props.style }} />
    );
  }
  return createElement(ready ?? AppstoreOutlined, props);
}
