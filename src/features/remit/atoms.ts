import { parseRow, type LiveSource, type Row } from '../../lib/realtime';

/**
 * The remit screen's change feeds: `tenant:<id>:remittances` (a remittance recorded anywhere) and
 * `:deliveries` (a cash delivery delivered, which the drivers' cash must now count). They start
 * empty and collect what changes while the screen is open; the screen re-reads on a change.
 */
export interface RemitChange extends Row {
  status?: unknown;
  cod_amount?: unknown;
}

export const remittanceFeed: LiveSource<RemitChange> = {
  entity: 'remittances',
  fetch: () => Promise.resolve([]),
  parse: (record) => parseRow<RemitChange>(record),
};

export const cashDeliveryFeed: LiveSource<RemitChange> = {
  entity: 'deliveries',
  fetch: () => Promise.resolve([]),
  parse: (record) => parseRow<RemitChange>(record),
};

/** Whether a changed delivery can move a driver's cash: it carries cash on delivery. */
export const carriesCash = (row: RemitChange) => Number(row.cod_amount ?? 0) > 0;
