/**
 * checkCardholder's rule (likely duplicates of a new cardholder, ADR 009) is the domain's, shared
 * with the bulk preview's warnings; re-exported here for the orders service.
 */
export { duplicateReasons, matchCardholders, type PersonToCheck } from '@tessera/domain';
