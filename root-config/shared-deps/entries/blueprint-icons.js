// Blueprint's default loader fetches all ~2000 icon paths of a size in one ~98 KB chunk; load each icon alone.
// Each icon's paths are a JSON file of their own (written by the build, see icon-files.js) under a folder named
// by the icons' version, so no table of ~4000 chunk names has to ship in this module (it was 2/3 of its size).
import { Icons } from '@blueprintjs/icons';

// eslint-disable-next-line no-undef
const ICON_BASE = `/shared/icons/${__FLEXPAY_ICONS_VERSION__}`;

Icons.setLoaderOptions({
  loader: async (name, size) => {
    const folder = size >= 20 ? '20px' : '16px';
    const response = await fetch(`${ICON_BASE}/${folder}/${name}.json`);
    if (!response.ok) throw new Error(`图标 ${name} 加载失败（${response.status}）`);
    return response.json();
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
