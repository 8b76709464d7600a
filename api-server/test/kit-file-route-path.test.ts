/**
 * resource/file-route.ts (issue 23, helper EB): a record's file route takes the path its field declares (`filePath`) when none is given,
 * and defineResource serves that route for every file field declaring one.
 */
import { balanceApply, entContract, type Entity, entTaxProof, supplierTaxProof, taxSource } from '@flexpay/shared-utility/src/pure';
import type { AppDeps } from '../src/http/guard';
import { defineResource, Resource } from '../src/resource/entity-resource';
import { fileRoute } from '../src/resource/file-route';

test('the declared filePath is the route; a given path still wins', () => {
  const deps = {} as AppDeps;
  const proofs = new Resource(deps, entTaxProof, { scope: (_c, qb) => qb });
  expect(fileRoute(deps, proofs, 'file')).toMatchObject({ path: entTaxProof.fields.file.filePath, method: 'GET', perm: entTaxProof.codes.query });
  const invoices = new Resource(deps, supplierTaxProof, { scope: (_c, qb) => qb });
  expect(fileRoute(deps, invoices, 'file')).toMatchObject({ path: 'supplier/query/taxProof/invoice/file', perm: supplierTaxProof.codes.query });
  expect(fileRoute(deps, new Resource(deps, entTaxProof, { scope: (_c, qb) => qb }), 'file', 'x/file').path).toBe('x/file');
  expect(entTaxProof.fields.file.filePath).toBe('ent/query/taxProof/inventory/file');
});

test('defineResource serves each file field declaring filePath once, as a GET under the query code; none without one', () => {
  const deps = { db: {} } as unknown as AppDeps;
  const served = (entity: Entity) => defineResource(deps, entity, { scope: (_c, qb) => qb }).routes.filter((r) => r.method === 'GET');
  expect(served(entContract).map((r) => [r.path, r.perm])).toEqual([['contract/ent/query/file', entContract.codes.query]]);
  expect(served(balanceApply).map((r) => r.path)).toEqual(['ent/query/balance/apply/file']);
  expect(served(taxSource)).toEqual([]);
});
