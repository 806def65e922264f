/**
 * The status vocabularies: for each state machine (and the other closed sets shown as chips), its
 * values in order, their words and their colours. Screens pass one to the kit's `StatusChip`.
 */
export * from './assignment';
export * from './delivery';
export * from './driver';
export * from './exception';
export * from './return';
export * from './support';
export * from './user';
export * from './warehouse';
export * from './location';
export * from './receive-order';
export * from './pick-order';
export * from './webhook-delivery';
export * from './package-handoff';
export * from './inventory-audit';
