// Parts antd imports statically although it draws them only in cases the console rarely or never meets: the build
// gives those imports a stand-in (src/antd-on-demand/) that loads the real part when it is first drawn or called, so
// every screen stops paying for it. Only the importing antd module named here is redirected; everyone else (a form's
// radio buttons, the grant dialog's tree) imports the real part as before. Development serves antd unchanged.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

interface StandIn {
  /** The antd module whose import is redirected. */
  importer: RegExp;
  /** The import as that module writes it. */
  source: string;
  /** The stand-in in src/antd-on-demand/. */
  file: string;
}

const antd = (path: string): RegExp =>
  new RegExp(`node_modules[\\\\/]antd[\\\\/]es[\\\\/]${path.replaceAll('/', '[\\\\/]')}\\.js$`);

const standIns: StandIn[] = [
  // antd's App gives every screen message, notification and modal hooks; they draw only once something is said.
  { importer: antd('app/App'), source: '../message/useMessage', file: 'useMessage.tsx' },
  { importer: antd('app/App'), source: '../notification/useNotification', file: 'useNotification.tsx' },
  { importer: antd('app/App'), source: '../modal/useModal', file: 'useModal.tsx' },
  // A table draws radio buttons only for a single-choice selection or filter, a tree only for a tree filter: the
  // console's lists use neither (radio buttons cost the form store too).
  { importer: antd('table/hooks/useSelection'), source: '../../radio', file: 'Radio.tsx' },
  { importer: antd('table/hooks/useFilter/FilterDropdown'), source: '../../../radio', file: 'Radio.tsx' },
  { importer: antd('table/hooks/useFilter/FilterDropdown'), source: '../../../tree', file: 'Tree.tsx' },
  // A table draws a column's filter menu only for a column with filters, and a windowed body only when told `virtual`:
  // the console's lists filter in their search bar and are paged.
  { importer: antd('table/hooks/useFilter/index'), source: './FilterDropdown', file: 'FilterDropdown.tsx' },
  { importer: antd('table/InternalTable'), source: './RcTable/VirtualTable', file: 'VirtualTable.tsx' },
  // Input carries its variants along; a list's first paint draws plain inputs and the search box only (text areas and
  // passwords are in dialogs and the lock screen, one-time codes nowhere).
  { importer: antd('input/index'), source: './TextArea', file: 'TextArea.tsx' },
  { importer: antd('input/index'), source: './Password', file: 'Password.tsx' },
  { importer: antd('input/index'), source: './OTP', file: 'OTP.tsx' },
  // Tree carries its file-explorer variant along; the department tree and the grant dialog draw plain trees.
  { importer: antd('tree/index'), source: './DirectoryTree', file: 'DirectoryTree.tsx' },
  // Tag carries its checkable variants along; the console's tags only show values (a status, a kind).
  { importer: antd('tag/index'), source: './CheckableTag', file: 'CheckableTag.tsx' },
  { importer: antd('tag/index'), source: './CheckableTagGroup', file: 'CheckableTagGroup.tsx' },
  // A card draws a skeleton only while it is told it is loading; the console's cards never are.
  { importer: antd('card/Card'), source: '../skeleton', file: 'Skeleton.tsx' },
  // Every button's style reads one colour helper from the colour picker's presets, which draw their groups in a Collapse.
  { importer: antd('color-picker/components/ColorPresets'), source: '../../collapse', file: 'Collapse.tsx' },
];

export function antdOnDemand(): Plugin {
  const met = new Set<StandIn>();
  return {
    name: 'antd-on-demand',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      const standIn = importer && standIns.find((each) => each.source === source && each.importer.test(importer));
      if (!standIn) return null;
      met.add(standIn);
      return fileURLToPath(new URL(`../src/antd-on-demand/${standIn.file}`, import.meta.url));
    },
    // An antd release that moved one of these imports would quietly bring the part back to every screen.
    buildEnd(failure) {
      const unmet = standIns.filter((each) => !met.has(each));
      if (!failure && unmet.length)
        this.error(`antd no longer imports ${unmet.map((each) => `${each.source} from ${each.importer}`).join(', ')}`);
    },
  };
}
