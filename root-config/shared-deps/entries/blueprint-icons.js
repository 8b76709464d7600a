// Blueprint's default loader fetches all ~2000 icon paths of a size in one ~98 KB chunk; load each icon alone.
// Each icon's paths are a JSON file of their own (written by the build, see icon-files.js) under a folder named
// by the icons' version, so no table of ~4000 chunk names has to ship in this module (it was 2/3 of its size).
import { Icons } from '@blueprintjs/icons';

// eslint-disable-next-line no-undef
const ICON_BASE = `/shared/icons/${__FLEXPAY_ICONS_VERSION__}`;

// Blueprint asks again for an icon each component shows until its first answer is in (the sidebar's
// twelve chevrons were twelve fetches of one file): one request per file, forgotten if it fails.
const pending = new Map();
Icons.setLoaderOptions({
  loader: (name, size) => {
    const url = `${ICON_BASE}/${size >= 20 ? '20px' : '16px'}/${name}.json`;
    let paths = pending.get(url);
    if (!paths) {
      paths = fetch(url).then((response) => {
        if (!response.ok) throw new Error(`图标 ${name} 加载失败（${response.status}）`);
        return response.json();
      });
      paths.catch(() => pending.delete(url));
      pending.set(url, paths);
    }
    return paths;
  },
});

// Exactly what @blueprintjs/core and @blueprintjs/table import; `export *` would pull in ~2000 icon components.
export {
  ArrowDownIcon,
  ArrowLeftIcon,
  ArrowRightIcon,
  ArrowUpIcon,
  CaretDownIcon,
  CaretRightIcon,
  ChevronDownIcon,
  ChevronRightIcon,
  ChevronUpIcon,
  CrossIcon,
  DoubleCaretVerticalIcon,
  DragHandleVerticalIcon,
  ErrorIcon,
  IconNames,
  IconSize,
  Icons,
  InfoSignIcon,
  KeyCommandIcon,
  KeyControlIcon,
  KeyDeleteIcon,
  KeyEnterIcon,
  KeyOptionIcon,
  KeyShiftIcon,
  MoreIcon,
  SVGIconContainer,
  SmallCrossIcon,
  SmallTickIcon,
  TickIcon,
  WarningSignIcon,
} from '@blueprintjs/icons';
