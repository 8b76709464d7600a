import { Card, Tab, Tabs } from '@blueprintjs/core';
import { matchRoute, mayOpen, TabPanel, usePermissions, useSession, type MenuViewer } from '@flexpay/shared-utility';
import { EntityScreenView, type EntityScreen } from '@flexpay/shared-utility/kit';
import { useMemo } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { myApplyScreen, toMeApplyScreen } from './apply-screens';
import './invoice.css';

/**
 * The :toMe parameter of /invoice/myApply/:toMe and /invoice/toMeApply/:toMe picks the direction of
 * 开票申请, as the route table's links say: 0 the applications an enterprise made (申请记录), 1 those
 * addressed to its supplier (开出记录). Each direction is shown on its own menu route, so a parameter
 * naming the other direction opens that route, and one naming a direction the viewer may not open
 * (or none) falls back to the route's own; the query (filters, page) is kept. A viewer who may open both (the platform) switches
 * between them with the direction tabs.
 */
const DIRECTIONS: ReadonlyArray<{ toMe: string; link: string; screen: EntityScreen }> = [
  { toMe: '0', link: '/invoice/myApply/0', screen: myApplyScreen as unknown as EntityScreen },
  { toMe: '1', link: '/invoice/toMeApply/1', screen: toMeApplyScreen as unknown as EntityScreen },
];

function ApplyDirections({ route }: { route: string }) {
  const { toMe } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSession();
  const codes = usePermissions();
  const viewer: MenuViewer = useMemo(() => ({ accountType: user?.accountType ?? null, codes }), [user, codes]);
  const shown = DIRECTIONS.filter((d) => mayOpen(d.link, viewer));
  const own = DIRECTIONS.find((d) => matchRoute(d.link)?.path === route)!;
  const wanted = shown.find((d) => d.toMe === toMe) ?? (shown.includes(own) ? own : shown[0]);
  if (!wanted) return null;
  if (wanted.link !== location.pathname) return <Navigate replace to={{ pathname: wanted.link, search: location.search }} />;
  return (
    <Card className="fp-kit-page">
      {shown.length > 1 ? (
        <Tabs id="fp-invoice-direction" className="fp-invoice-direction" large selectedTabId={wanted.toMe} onChange={(id) => navigate(DIRECTIONS.find((d) => d.toMe === id)!.link)}>
          {shown.map((d) => (
            <Tab key={d.toMe} id={d.toMe} title={matchRoute(d.link)!.title} />
          ))}
        </Tabs>
      ) : null}
      {/* The list is the selected direction's tab panel (issue 27). */}
      <TabPanel tabsId={shown.length > 1 ? 'fp-invoice-direction' : undefined} tabId={wanted.toMe}>
        <EntityScreenView key={wanted.toMe} screen={wanted.screen} savedKey={route} />
      </TabPanel>
    </Card>
  );
}

/** The page of an 开票申请 menu route. */
export const applyPage = (route: string) =>
  function ApplyPage() {
    return <ApplyDirections route={route} />;
  };
