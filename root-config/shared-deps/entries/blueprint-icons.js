// Blueprint's default loader fetches all ~2000 icon paths of a size in one ~98 KB chunk; load each icon alone.
import { Icons } from '@blueprintjs/icons';

Icons.setLoaderOptions({
  loader: async (name, size) => {
    const folder = size >= 20 ? '20px' : '16px';
    const module = await import(
      /* webpackChunkName: "icon-[request]" */ `@blueprintjs/icons/lib/esm/generated/${folder}/paths/${name}.js`
    );
    return module.default;
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
