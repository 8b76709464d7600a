// React Router as an import-map module: only what the suite's apps import (plus a few close relatives), not
// the whole package — `export *` kept data routers, server rendering and fetchers the suite never uses
// (61.5 KB gzip → 16 KB). A name imported by an app but missing here would be undefined at run time:
// root-config/test/shared-entries.test.ts reads every app's imports and fails first.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useOutletContext,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
