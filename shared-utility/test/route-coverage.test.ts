import { routeCoverage } from '../src/kit/entity/route-coverage';
import { allRoutes } from '../src/pure/routes';

const financeRoutes = allRoutes().filter((r) => r.app === 'finance-app').map((r) => r.path);

describe('routeCoverage', () => {
  test('a route the table gives to the app and nothing serves is unserved', () => {
    const served = financeRoutes.filter((r) => r !== '/supplier/taxsource');
    expect(routeCoverage('finance-app', served, []).unserved).toEqual(['/supplier/taxsource']);
  });

  test('a served route the table does not give to the app is unknown; a served one still listed as to come is reported', () => {
    const result = routeCoverage('finance-app', [...financeRoutes, '/supplier/nowhere'], ['/supplier/taxsource']);
    expect(result).toEqual({ unserved: [], unknown: ['/supplier/nowhere'], alreadyServed: ['/supplier/taxsource'] });
  });
});
