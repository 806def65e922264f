import { z } from 'zod';
import { defineList, filterParam } from '../../lib/list-state';
import { CONVERSATION_SUPPORT_STATES, EXCEPTION_SEVERITIES } from '../../data/statuses';

/** Which failures the queue shows: those still to handle (the default), one state, or all. */
export const FAILURE_STATE_FILTERS = ['open', 'acknowledged', 'resolved', 'all'] as const;
/** How far back: today, the last 7 days (the default) or 30 days. */
export const FAILURE_PERIODS = ['today', '7d', '30d'] as const;

/** ?view=failures&state=open&period=today&q=…&sort=failed_at&page=… */
export const failureList = defineList({
  filters: {
    state: filterParam.one(z.enum(FAILURE_STATE_FILTERS)),
    period: filterParam.one(z.enum(FAILURE_PERIODS)),
  },
  sortColumns: ['failed_at', 'delivery_code'],
  defaultSort: { column: 'failed_at', direction: 'desc' },
});
export type FailureFilters = typeof failureList.emptyFilters;

/** Which exceptions: open and investigating (the default), one status, or all. */
export const EXCEPTION_STATUS_FILTERS = ['open', 'investigating', 'resolved', 'closed', 'all'] as const;

/** ?view=exceptions&status=open&severity=high&severity=critical&raised_by=driver&q=… */
export const exceptionList = defineList({
  filters: {
    status: filterParam.one(z.enum(EXCEPTION_STATUS_FILTERS)),
    severity: filterParam.many(z.enum(EXCEPTION_SEVERITIES)),
    raised_by: filterParam.one(z.enum(['driver', 'staff'])),
  },
  sortColumns: ['created_at', 'exception_code'],
  defaultSort: { column: 'created_at', direction: 'desc' },
});
export type ExceptionFilters = typeof exceptionList.emptyFilters;

/** Which customers' conversations: waiting and acknowledged (the default: still to handle), one state, or all. */
export const MESSAGE_STATE_FILTERS = [...CONVERSATION_SUPPORT_STATES, 'all'] as const;

/** ?view=messages&state=waiting&q=…&sort=last_customer_message_at&conversation=<id> (the open one) */
export const messageList = defineList({
  filters: {
    state: filterParam.one(z.enum(MESSAGE_STATE_FILTERS)),
  },
  sortColumns: ['last_customer_message_at', 'waiting_since', 'delivery_code'],
  defaultSort: { column: 'last_customer_message_at', direction: 'desc' },
});
export type MessageFilters = typeof messageList.emptyFilters;
