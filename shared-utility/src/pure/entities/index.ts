/** Every declared entity, registered by name so ref fields resolve on both sides. */
import { registerEntities } from '../entity';
import { bankConfig, distributorConfig, payChannel, supplier, supplierConfig, supplierSmsConfig, supplierTaxProof, taxSource, tsChannel, xkjPlatform } from './supplier';

export * from './supplier';

registerEntities(taxSource, supplier, supplierConfig, supplierSmsConfig, supplierTaxProof, distributorConfig, payChannel, bankConfig, xkjPlatform, tsChannel);
