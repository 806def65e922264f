/** Lifted to src/lib, where the dispatcher's support and remit screens listen the same way. */
export { useFeedChanges } from '../../lib/use-feed-changes';
