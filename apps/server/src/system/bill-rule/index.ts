/**
 * Document-number rules: the rule screen's routes, and `nextBillNo`, which other features call
 * inside their own transaction for task numbers, supplier codes and document numbers.
 */
export { billRuleRoutes } from './bill-rule-routes';
export { seedBillRules } from './bill-rule-service';
export { type Clock, nextBillNo, systemClock } from './next-bill-no';
