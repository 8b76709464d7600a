/** Every declared entity, registered by name so ref fields resolve on both sides. */
import { registerEntities } from '../entity';
import { admin } from './admin';
import { client, clientMercht, clientMerchtEnt } from './client';
import { bankBin, cust, custImport } from './cust';
import { entFeeConfig, entFeeStats, merchtFeeConfig, merchtFeeStats } from './fee';
import { invoiceApply, invoiceApplyInfo, invoiceApplyToMe, invoiceInfo, invoiceItem } from './invoice';
import { calcFeeLog, orderDetail, payOrder, tempOrder, tempOrderDetail } from './order';
import { packageAssignee, packagePayLine, packageTaker, packageTalent, taskCategory, workPackage } from './task';
import { custCard, custCoopEnt, custCoopSup } from './talent-coop';
import { balanceApply, balanceLog, balanceLogGroup, entAccount, entMonthStats, entTaxProof, refundApply } from './money';
import { coopEnt, ent, entConfig, entContract, entFile, merchant, merchtContract, subEnt, subMerchant } from './org';
import { agreement, agreementVersion, auditLog, mailOutbox, notice, smsOutbox } from './system';
import { bankConfig, distributorConfig, payChannel, supplier, supplierConfig, supplierSmsConfig, supplierTaxProof, taxSource, tsChannel, xkjPlatform } from './supplier';

export * from './supplier';
export * from './admin';
export * from './client';
export * from './cust';
export * from './org';
export * from './system';
export * from './money';
export * from './fee';
export * from './invoice';
export * from './order';
export * from './task';
export * from './talent-coop';

registerEntities(admin, cust, merchant, subMerchant, ent, subEnt, entFile, entConfig, coopEnt, entContract, merchtContract, taxSource, supplier, supplierConfig, supplierSmsConfig, supplierTaxProof, distributorConfig, payChannel, bankConfig, xkjPlatform, tsChannel, notice, auditLog, smsOutbox, mailOutbox, agreement, agreementVersion, entAccount, balanceApply, refundApply, balanceLog, entFeeConfig, merchtFeeConfig, entFeeStats, merchtFeeStats);
registerEntities(client, clientMercht, clientMerchtEnt);
registerEntities(entTaxProof, entMonthStats, balanceLogGroup, invoiceInfo, invoiceItem, taskCategory);
registerEntities(custCoopEnt, custCoopSup, custCard);
registerEntities(workPackage, packageTalent, packageAssignee, packageTaker, packagePayLine);
registerEntities(custImport, bankBin);
registerEntities(tempOrder, tempOrderDetail, payOrder, orderDetail, calcFeeLog);
registerEntities(invoiceApply, invoiceApplyToMe, invoiceApplyInfo);
